/**
 * What the tests of grave hand-overs start from: the demo manager's cemetery (and another), a
 * grave of each that a family is responsible for, and the second demo family.
 */
import { eq } from "drizzle-orm";
import { spellName } from "../../common/search-text.ts";
import type { Queryable } from "../db/client.ts";
import { burials } from "../modules/burials/burials.tables.ts";
import { graveHandovers } from "../modules/handovers/handovers.tables.ts";
import { uploads } from "../modules/uploads/uploads.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import type { Harness } from "./harness.ts";
import { managersCemeteries } from "./registry-fixtures.ts";

/** A second family, a relative of the demo client's graves. */
export const SECOND_FAMILY_PHONE = "+77010000091";

export async function userIdOf(db: Queryable, phone: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no user ${phone}`);
  return u.id;
}

/** A burial record on `plotId` whose responsible person is `responsibleUserId`. */
export async function graveOf(db: Queryable, plotId: number, responsibleUserId: number | null): Promise<number> {
  const [b] = await db
    .insert(burials)
    .values({
      plotId,
      surname: "Сейтқали",
      name: "Бақыт",
      patronymic: "Орынұлы",
      birthDate: "1941-03-02",
      deathDate: "2019-05-10",
      burialDate: "2019-05-12",
      birthYear: 1941,
      deathYear: 2019,
      responsibleUserId,
      searchName: spellName("Сейтқали Бақыт Орынұлы"),
    })
    .returning({ id: burials.id });
  return (b as { id: number }).id;
}

/** `n` uploaded documents of `ownerId`, not attached yet. */
export async function documentsOf(db: Queryable, ownerId: number, n: number): Promise<string[]> {
  const rows = await db
    .insert(uploads)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ownerId,
        ip: "10.0.0.1",
        purpose: "document" as const,
        name: `kinship-${i}.pdf`,
        type: "application/pdf",
        size: 1000,
        sha256: "0".repeat(64),
        storageKey: `test/kinship-${ownerId}-${i}`,
      })),
    )
    .returning({ id: uploads.id });
  return rows.map((r) => r.id);
}

/** The demo manager's cemetery and another, the demo client's and the second family's ids. */
export async function handoverBasics(h: Harness) {
  const places = await managersCemeteries(h);
  const client = await userIdOf(h.db, h.phones.client);
  const [made] = await h.db
    .insert(users)
    .values({ phone: SECOND_FAMILY_PHONE, role: "client", surname: "Сейтқалиева", name: "Әсел" })
    .returning({ id: users.id });
  const family2 = (made as { id: number }).id;
  return { ...places, client, family2 };
}

/** A hand-over row written directly (for the machine's grids), with the relative's account once agreed. */
export async function writeHandover(
  db: Queryable,
  v: {
    burialId: number;
    cemeteryId: number;
    status: (typeof graveHandovers.$inferSelect)["status"];
    fromUserId: number;
    toPhone: string;
    toUserId: number | null;
    consentBy?: Date;
  },
) {
  const [row] = await db
    .insert(graveHandovers)
    .values({
      burialId: v.burialId,
      cemeteryId: v.cemeteryId,
      status: v.status,
      fromUserId: v.fromUserId,
      fromName: "Отправитель",
      fromPhone: "+77010000000",
      toPhone: v.toPhone,
      toSurname: "Сейтқалиева",
      toName: "Әсел",
      toUserId: v.status === "awaiting_consent" ? null : v.toUserId,
      relation: "child",
      consentBy: v.consentBy ?? new Date("2030-01-01T00:00:00Z"),
    })
    .returning();
  return row as typeof graveHandovers.$inferSelect;
}
