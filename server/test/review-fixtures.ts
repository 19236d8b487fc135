/**
 * What the reviews' tests start from while the orders' service is written beside them: a catalogue
 * item of the demo supplier, and a family's order with its lines inserted directly (a burial
 * request of the family in a demo cemetery, one order, one supplier's order), a line set `done`
 * directly at a given time. Nothing here goes through the orders' rules.
 */
import { eq } from "drizzle-orm";
import { marketItem } from "./order-fixtures.ts";
import type { Queryable } from "../db/client.ts";
import { DEMO_PHONES } from "../db/seed.ts";
import { burialRequests } from "../modules/burial-requests/burial-requests.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../modules/burials/burials.seed.ts";
import { catalogItems } from "../modules/catalog/catalog.tables.ts";
import { insertOrder } from "../modules/reviews/reviews.seed.ts";
import { suppliers } from "../modules/users/organisations.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import { demoAkimatId } from "./registry-fixtures.ts";

/** The demo supplier company (`seedDemo`). */
export async function demoSupplierId(db: Queryable): Promise<number> {
  const [u] = await db
    .select({ supplierId: users.supplierId })
    .from(users)
    .where(eq(users.phone, DEMO_PHONES.supplier));
  if (!u?.supplierId) throw new Error("no demo supplier");
  return u.supplierId;
}

/** Another active supplier company (no people), for scope tests. */
export async function otherSupplierId(db: Queryable): Promise<number> {
  const [row] = await db
    .insert(suppliers)
    .values({
      bin: "190240012345",
      companyName: "ТОО «Другая компания»",
      headName: "Иванов Иван",
      city: "Алматы",
      isVatPayer: false,
      status: "active",
    })
    .onConflictDoNothing()
    .returning({ id: suppliers.id });
  if (row) return row.id;
  const [found] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.bin, "190240012345"));
  return found?.id as number;
}

let itemCount = 0;
/** An active catalogue item of a supplier in Almaty. */
export async function catalogItem(
  db: Queryable,
  supplierId: number,
  values: Partial<typeof catalogItems.$inferInsert> = {},
): Promise<number> {
  itemCount += 1;
  const row = await marketItem(db, supplierId, {
    nameRu: `Венок № ${itemCount}`,
    nameKk: `№ ${itemCount} гүлшоқ`,
    ...values,
  });
  return row.id;
}

/** A burial request of the family (the order's anchor), in the first demo cemetery. */
async function familyBurial(db: Queryable, clientId: number): Promise<number> {
  const akimatId = await demoAkimatId(db);
  const cemeteryId = await ensureRegistryCemetery(db, akimatId, DEMO_CEMETERIES[0] as never, {
    rows: 1,
    perRow: 2,
    seed: 1,
  });
  const [row] = await db
    .insert(burialRequests)
    .values({
      clientId,
      cemeteryId,
      kind: "new_grave",
      surname: "Сейтқасымов",
      iin: "450102400120",
      deathDate: "2026-11-22",
      places: 1,
      fee: 25_000,
      expiresAt: new Date("2026-12-31T00:00:00Z"),
    })
    .returning({ id: burialRequests.id });
  return (row as { id: number }).id;
}

let orderCount = 0;
/**
 * A family's order line of `itemId` (the item's supplier's order), in `status`; a `done` line has
 * `doneAt`. Returns the line's id.
 */
export async function orderLine(
  db: Queryable,
  r: {
    clientId: number;
    itemId: number;
    status?: "new" | "accepted" | "in_progress" | "done" | "cancelled";
    doneAt?: Date | null;
  },
): Promise<number> {
  orderCount += 1;
  const [item] = await db.select().from(catalogItems).where(eq(catalogItems.id, r.itemId));
  if (!item) throw new Error(`no item ${r.itemId}`);
  const burialRequestId = await familyBurial(db, r.clientId);
  const [line] = await insertOrder(db, {
    clientId: r.clientId,
    burialRequestId,
    checkoutKey: `test-${orderCount}`,
    items: [item],
    deliveryDate: "2026-11-24",
    placedAt: new Date("2026-11-20T06:00:00Z"),
    lineStatus: r.status ?? "done",
    doneAt: r.doneAt ?? new Date(),
  });
  return line as number;
}
