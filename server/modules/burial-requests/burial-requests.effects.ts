import { and, asc, eq, isNull } from "drizzle-orm";
import { birthDateFromIin } from "../../../common/booking.ts";
import { spellName } from "../../../common/search-text.ts";
import type { Queryable } from "../../db/client.ts";
import { type Actor, writeAudit } from "../audit/audit.service.ts";
import { burials, managerCemeteries, plots } from "../registry/registry.tables.ts";
import { users } from "../users/users.tables.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";

type TRow = typeof burialRequests.$inferSelect;

/** The managers of a cemetery (the people a family's request concerns). */
export async function staffOf(tx: Queryable, cemeteryId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: managerCemeteries.userId })
    .from(managerCemeteries)
    .innerJoin(users, eq(users.id, managerCemeteries.userId))
    .where(and(eq(managerCemeteries.cemeteryId, cemeteryId), eq(users.role, "manager")));
  return rows.map((r) => r.id);
}

const yearOf = (d: string | null) => (d ? Number(d.slice(0, 4)) : null);

/**
 * Completing a burial: the burial record is written in the grave (the family grave, or the first of
 * the booked places), with the family's client as the grave's responsible person; that place's hold
 * ends (the record now makes it occupied, by the database's trigger); further booked places stay
 * held for the family. The record is found by the public search at once (the search index follows
 * the records by trigger).
 */
export async function completeBurial(tx: Queryable, row: TRow, now: Date, actor: Actor): Promise<void> {
  const holds = await tx
    .select({ id: plotHolds.id, plotId: plotHolds.plotId })
    .from(plotHolds)
    .innerJoin(plots, eq(plots.id, plotHolds.plotId))
    .where(and(eq(plotHolds.requestId, row.id), isNull(plotHolds.releasedAt)))
    .orderBy(asc(plots.number));
  const grave = holds[0];
  if (!grave) throw new Error(`burial request ${row.id} has no live hold to complete`);
  const birthDate = row.birthDate ?? birthDateFromIin(row.iin);
  const [record] = await tx
    .insert(burials)
    .values({
      plotId: grave.plotId,
      surname: row.surname,
      name: row.name,
      patronymic: row.patronymic,
      iin: row.iin,
      birthDate,
      deathDate: row.deathDate,
      burialDate: row.burialDate,
      birthYear: yearOf(birthDate),
      deathYear: yearOf(row.deathDate),
      searchName: spellName(`${row.surname} ${row.name} ${row.patronymic}`),
      responsibleUserId: row.clientId,
    })
    .returning({ id: burials.id });
  const burialId = (record as { id: number }).id;
  await tx.update(plotHolds).set({ releasedAt: now }).where(eq(plotHolds.id, grave.id));
  await tx.update(burialRequests).set({ burialId }).where(eq(burialRequests.id, row.id));
  await writeAudit(tx, {
    actor,
    entityType: "burial",
    entityId: burialId,
    action: "create",
    data: { burialRequestId: row.id },
  });
}
