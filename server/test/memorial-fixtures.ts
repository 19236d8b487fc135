import { eq } from "drizzle-orm";
import type { MemorialVisibility } from "../../common/memorials.ts";
import type { Queryable } from "../db/client.ts";
import { burials } from "../modules/burials/burials.tables.ts";
import { newMemorialCode } from "../modules/memorials/memorials.service.ts";
import { memorials } from "../modules/memorials/memorials.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import { assignManager } from "./booking-fixtures.ts";
import type { Harness } from "./harness.ts";
import { knownRegistry } from "./registry-fixtures.ts";

/**
 * The memorials' tests' world: the known people of the registry (`knownRegistry`) in the first demo
 * cemetery, where the demo manager works; the first burial's responsible person is the demo client,
 * its death long ago. Returns the cemetery, the burials in order, and the demo client's id.
 */
export async function memorialWorld(h: Harness) {
  const { cemeteryId } = await knownRegistry(h.db);
  await assignManager(h.db, h.phones.manager, cemeteryId);
  const rows = await h.db.select({ id: burials.id }).from(burials).orderBy(burials.id);
  const burialIds = rows.map((r) => r.id);
  const clientId = await userId(h.db, h.phones.client);
  await h.db
    .update(burials)
    .set({ responsibleUserId: clientId, deathDate: "2010-05-01", birthDate: "1950-01-01" })
    .where(eq(burials.id, burialIds[0] as number));
  return { cemeteryId, burialIds, clientId, burialId: burialIds[0] as number };
}

export async function userId(db: Queryable, phone: string): Promise<number> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no user ${phone}`);
  return u.id;
}

/** A memorial of a burial written directly (the machines' grids start from it). */
export async function insertMemorial(
  db: Queryable,
  burialId: number,
  visibility: MemorialVisibility = "public",
  noindex = false,
) {
  const [m] = await db
    .insert(memorials)
    .values({ burialId, code: newMemorialCode(), visibility, noindex, epitaphRu: "Помним и любим" })
    .returning();
  return m as typeof memorials.$inferSelect;
}
