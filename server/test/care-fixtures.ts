import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { DEMO_PHONES } from "../db/seed.ts";
import { burials } from "../modules/burials/burials.tables.ts";
import { plots } from "../modules/cemeteries/cemeteries.tables.ts";
import { carePermits, carePrices, careRequests, careSettings } from "../modules/ennoblement/ennoblement.tables.ts";
import { uploads } from "../modules/uploads/uploads.tables.ts";
import { akimats } from "../modules/users/organisations.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import { assignManager, bookingCemetery } from "./booking-fixtures.ts";

/** The demo account of a role. */
export async function userOf(db: Queryable, phone: string) {
  const [u] = await db.select().from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no user ${phone}`);
  return u;
}

/**
 * Grave care's ground: the demo manager's cemetery (its price list, all year unless `season`) with
 * the demo family's grave and a grave of another family, and a second cemetery the demo manager
 * does not work in, with a grave of the demo family too.
 */
export async function careBasics(db: Queryable, opts: { season?: { start: string; end: string } } = {}) {
  const [akimat] = await db.select().from(akimats).limit(1);
  if (!akimat) throw new Error("the demo seed is missing");
  const mine = await bookingCemetery(db, akimat.id, { which: 0, rows: 1, perRow: 6 });
  const other = await bookingCemetery(db, akimat.id, { which: 1, rows: 1, perRow: 3 });
  const managerId = await assignManager(db, DEMO_PHONES.manager, mine.id);
  const client = await userOf(db, DEMO_PHONES.client);
  const stranger = await db
    .insert(users)
    .values({ phone: "+77770001122", role: "client", surname: "Чужая", name: "Семья" })
    .returning();
  const strangerId = (stranger[0] as { id: number }).id;
  const grave = async (cemetery: { rows: number[][] }, i: number, responsibleUserId: number) => {
    const plotId = (cemetery.rows[0] as number[])[i] as number;
    const [b] = await db
      .insert(burials)
      .values({
        plotId,
        surname: "Иванов",
        name: `№${i}`,
        responsibleUserId,
        searchName: `иванов ${i}`,
        deathYear: 2020,
      })
      .returning();
    return b as typeof burials.$inferSelect;
  };
  const familyGrave = await grave(mine, 0, client.id);
  const strangerGrave = await grave(mine, 1, strangerId);
  const farGrave = await grave(other, 0, client.id);
  for (const cemeteryId of [mine.id, other.id]) {
    await db
      .insert(careSettings)
      .values({ cemeteryId, seasonStart: opts.season?.start ?? null, seasonEnd: opts.season?.end ?? null });
    await db.insert(carePrices).values([
      { cemeteryId, kind: "cleaning", price: 8_000, unit: "service" },
      { cemeteryId, kind: "fence", price: 95_000, unit: "service" },
      { cemeteryId, kind: "headstone", price: 60_000, unit: "service" },
    ]);
  }
  return {
    cemeteryId: mine.id,
    otherCemeteryId: other.id,
    managerId,
    clientId: client.id,
    strangerId,
    familyGrave,
    strangerGrave,
    farGrave,
  };
}
export type TCareBasics = Awaited<ReturnType<typeof careBasics>>;

/** A care request written as it would be in `status` (accepted ones with the list's price, unpaid). */
export async function writeCareRequest(
  db: Queryable,
  b: TCareBasics,
  status: (typeof careRequests.$inferSelect)["status"],
  over: Partial<typeof careRequests.$inferInsert> = {},
) {
  const accepted = status !== "new";
  const [row] = await db
    .insert(careRequests)
    .values({
      cemeteryId: b.cemeteryId,
      burialId: b.familyGrave.id,
      clientId: b.clientId,
      status,
      kinds: ["cleaning"],
      lines: accepted ? [{ kind: "cleaning", price: 8_000, unit: "service", note: "" }] : [],
      total: accepted ? 8_000 : null,
      doneAt: ["done", "confirmed", "disputed", "closed"].includes(status) ? new Date("2026-11-20T06:00:00Z") : null,
      ...over,
    })
    .returning();
  return row as typeof careRequests.$inferSelect;
}

/** A permit written in `status` (issued ones valid for a month from 24 November 2026). */
export async function writePermit(
  db: Queryable,
  b: TCareBasics,
  status: (typeof carePermits.$inferSelect)["status"],
  over: Partial<typeof carePermits.$inferInsert> = {},
) {
  const [row] = await db
    .insert(carePermits)
    .values({
      cemeteryId: b.cemeteryId,
      burialId: b.familyGrave.id,
      clientId: b.clientId,
      status,
      kind: "fence",
      design: "2 × 2 м",
      installer: "cemetery",
      plannedDate: "2026-12-01",
      dueDay: "2026-11-25",
      issuedAt: status === "issued" || status === "expired" ? new Date("2026-11-24T06:00:00Z") : null,
      validUntil: status === "issued" || status === "expired" ? "2026-12-23" : null,
      ...over,
    })
    .returning();
  return row as typeof carePermits.$inferSelect;
}

/** Photo uploads of a user, rows only (attaching needs no bytes). */
export async function photoRows(db: Queryable, ownerId: number, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => ({
    id: randomUUID(),
    ownerId,
    ip: "127.0.0.1",
    purpose: "photo" as const,
    name: "photo.png",
    type: "image/png",
    size: 100,
    sha256: "0",
    storageKey: "test/photo",
  }));
  await db.insert(uploads).values(rows);
  return rows.map((r) => r.id);
}

/** The plot of a grave. */
export async function plotOf(db: Queryable, burialId: number) {
  const [b] = await db.select().from(burials).where(eq(burials.id, burialId));
  const [p] = await db
    .select()
    .from(plots)
    .where(eq(plots.id, b?.plotId ?? 0));
  return p;
}
