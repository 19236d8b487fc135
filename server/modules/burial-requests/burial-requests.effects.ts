import { and, asc, eq, isNull } from "drizzle-orm";
import { birthDateFromIin } from "../../../common/booking.ts";
import type { Queryable } from "../../db/client.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burialRecordValues } from "../burials/manager.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import type { Actor } from "../../lib/caller.ts";
import type { Services } from "../../services.ts";
import { completeReburial } from "../reburials/reburials.service.ts";

type TRow = typeof burialRequests.$inferSelect;

/**
 * Completing a burial: the burial record is written in the grave (the family grave, or the first of
 * the booked places), with the family's client as the grave's responsible person; that place's hold
 * ends (the record now makes it occupied, by the database's trigger); further booked places stay
 * held for the family. The record is found by the public search at once (the search index follows
 * the records by trigger). A reburial's booking completes its reburial request too.
 */
export async function completeBurial(tx: Queryable, s: Services, row: TRow, now: Date, actor: Actor): Promise<void> {
  const holds = await tx
    .select({ id: plotHolds.id, plotId: plotHolds.plotId })
    .from(plotHolds)
    .innerJoin(plots, eq(plots.id, plotHolds.plotId))
    .where(and(eq(plotHolds.requestId, row.id), isNull(plotHolds.releasedAt)))
    .orderBy(asc(plots.number));
  const grave = holds[0];
  if (!grave) throw new Error(`burial request ${row.id} has no live hold to complete`);
  const [record] = await tx
    .insert(burials)
    .values({
      plotId: grave.plotId,
      ...burialRecordValues({
        surname: row.surname,
        name: row.name,
        patronymic: row.patronymic,
        iin: row.iin,
        birthDate: row.birthDate ?? birthDateFromIin(row.iin) ?? undefined,
        deathDate: row.deathDate,
        burialDate: row.burialDate ?? undefined,
        isReburial: row.kind === "reburial",
      }),
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
  // A reburial's destination: the request is done and the old record (if the registry's) marked
  // reburied with a link to this one — its place freed, the search finding this place instead.
  if (row.reburialId !== null) await completeReburial(tx, s, row.reburialId, burialId);
}
