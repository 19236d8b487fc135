import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { burialRequests } from "../modules/burial-requests/burial-requests.tables.ts";
import { catalogItems } from "../modules/catalog/catalog.tables.ts";
import { cemeteries } from "../modules/cemeteries/cemeteries.tables.ts";
import { orderLines, orders, supplierOrders } from "../modules/orders/orders.tables.ts";
import { akimats, suppliers } from "../modules/users/organisations.tables.ts";
import { bookingCemetery } from "./booking-fixtures.ts";
import { users } from "../modules/users/users.tables.ts";
import { DEMO_PHONES } from "../db/seed.ts";

/** A demo cemetery of Almaty (laid out small) and the demo company and family every order test starts from. */
export async function marketBasics(db: Queryable) {
  const [akimat] = await db.select().from(akimats).limit(1);
  if (!akimat) throw new Error("the demo seed is missing");
  const { id } = await bookingCemetery(db, akimat.id, { which: 0, perRow: 2, rows: 1 });
  const [cemetery] = await db.select().from(cemeteries).where(eq(cemeteries.id, id));
  const [client] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.client));
  const [supplier] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.supplier));
  if (!cemetery || !client || !supplier?.supplierId) throw new Error("the demo seed is missing");
  return { cemetery, clientId: client.id, supplierId: supplier.supplierId };
}

let bins = 0;
/** Another active supplier company of the city (with no account unless `phone`). */
export async function otherSupplier(db: Queryable, name = "ТОО «Гүлдер»"): Promise<number> {
  bins += 1;
  const [row] = await db
    .insert(suppliers)
    .values({
      bin: String(700000000000 + bins),
      companyName: name,
      headName: "Ахметов Ерлан",
      city: "Алматы",
      status: "active",
    })
    .returning({ id: suppliers.id });
  return (row as { id: number }).id;
}

/** An active item on sale in Almaty, every cemetery served unless `cemeteryIds`. */
export async function marketItem(
  db: Queryable,
  supplierId: number,
  over: Partial<typeof catalogItems.$inferInsert> = {},
): Promise<typeof catalogItems.$inferSelect> {
  const [row] = await db
    .insert(catalogItems)
    .values({
      supplierId,
      status: "active",
      category: "flowers",
      kind: "product",
      nameRu: "Венок траурный",
      nameKk: "Қаралы гүл шоғы",
      price: 15_000,
      unit: "piece",
      leadHours: 4,
      city: "Алматы",
      ...over,
    })
    .returning();
  return row as typeof catalogItems.$inferSelect;
}

/** A family's paid booking with its burial on `date` at `time` (Almaty), written without the service. */
export async function paidBurial(
  db: Queryable,
  p: { clientId: number; cemeteryId: number; date: string; time: string; status?: "paid" | "pending" | "cancelled" },
): Promise<number> {
  const [row] = await db
    .insert(burialRequests)
    .values({
      clientId: p.clientId,
      cemeteryId: p.cemeteryId,
      status: p.status ?? "paid",
      kind: "new_grave",
      surname: "Жолдасбеков",
      name: "Серік",
      patronymic: "Әбенұлы",
      iin: "450102400120",
      deathDate: "2026-11-22",
      places: 1,
      fee: 25_000,
      expiresAt: new Date("2026-11-26T06:00:00Z"),
      burialDate: p.date,
      burialTime: p.time,
      paymentMethod: "office",
    })
    .returning({ id: burialRequests.id });
  return (row as { id: number }).id;
}

/**
 * A family order with one supplier's order in `status` and one line in `lineStatus` (written without
 * the service, for the machines' grids): the order accepted for any line past `new`.
 */
export async function writeOrder(
  db: Queryable,
  p: {
    clientId: number;
    supplierId: number;
    burialRequestId: number;
    itemId: number;
    status: (typeof supplierOrders.$inferSelect)["status"];
    lineStatus: (typeof orderLines.$inferSelect)["status"];
    paymentMethod?: "online" | "on_delivery";
    now: Date;
  },
) {
  const [order] = await db
    .insert(orders)
    .values({
      clientId: p.clientId,
      burialRequestId: p.burialRequestId,
      checkoutKey: crypto.randomUUID(),
      paymentMethod: p.paymentMethod ?? "on_delivery",
      total: 30_000,
      createdAt: p.now,
    })
    .returning();
  const [so] = await db
    .insert(supplierOrders)
    .values({
      orderId: (order as { id: number }).id,
      position: 1,
      supplierId: p.supplierId,
      clientId: p.clientId,
      status: p.status,
      total: 30_000,
      acceptBy: new Date(p.now.getTime() + 24 * 3_600_000),
      acceptedAt: p.status === "new" ? null : p.now,
      paymentMethod: p.paymentMethod ?? "on_delivery",
      createdAt: p.now,
    })
    .returning();
  const [line] = await db
    .insert(orderLines)
    .values({
      supplierOrderId: (so as { id: number }).id,
      itemId: p.itemId,
      nameRu: "Венок траурный",
      nameKk: "Қаралы гүл шоғы",
      kind: "product",
      category: "flowers",
      unit: "piece",
      price: 15_000,
      quantity: 2,
      amount: 30_000,
      place: "cemetery",
      deliveryDate: "2026-11-25",
      deliveryTime: "11:00",
      status: p.lineStatus,
      doneAt: p.lineStatus === "done" ? p.now : null,
    })
    .returning();
  return {
    order: order as typeof orders.$inferSelect,
    supplierOrder: so as typeof supplierOrders.$inferSelect,
    line: line as typeof orderLines.$inferSelect,
  };
}
