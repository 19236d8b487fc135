/**
 * Reading orders: the family's orders (each with its suppliers' orders inside), a supplier's orders
 * (active and archived), one of either — each with the moves the reader may make now. Suppliers
 * never see each other's orders, and read the family's name and phone only once they accepted.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { requestNumber } from "../../../common/booking-terms.ts";
import { fullName } from "../../../common/person.ts";
import type { TFamilyOrder, TOrderBurial, TSupplierOrder } from "../../../common/order-schemas.ts";
import { ACTIVE_ORDER_STATUSES, orderNumber, supplierOrderNumber } from "../../../common/orders.ts";
import type { Queryable } from "../../db/client.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import { pageWindow, type TPage, toPage } from "../../lib/list.ts";
import { supplierOrderScope } from "../access/access.service.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { orderLineMachine, supplierOrderMachine } from "./orders.machine.ts";
import { orderLines, orders, supplierOrders } from "./orders.tables.ts";

type TBurialRow = typeof burialRequests.$inferSelect;
type TCemeteryRow = typeof cemeteries.$inferSelect;

/** A burial as an order shows it. */
export function orderBurial(r: TBurialRow, c: TCemeteryRow): TOrderBurial {
  return {
    id: r.id,
    number: requestNumber(r.id, r.createdAt),
    status: r.status,
    deceased: fullName(r),
    cemetery: { id: c.id, nameRu: c.nameRu, nameKk: c.nameKk, city: c.city },
    date: r.burialDate,
    time: r.burialTime,
  };
}

/** The burials of some orders, by their id. */
async function burialsOf(db: Queryable, ids: number[]): Promise<Map<number, TOrderBurial>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ r: burialRequests, c: cemeteries })
    .from(burialRequests)
    .innerJoin(cemeteries, eq(cemeteries.id, burialRequests.cemeteryId))
    .where(inArray(burialRequests.id, [...new Set(ids)]));
  return new Map(rows.map(({ r, c }) => [r.id, orderBurial(r, c)]));
}

/** A supplier company's name and the phone of its first account (the family calls it). */
async function companiesOf(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; phone: string | null }>();
  const rows = await db
    .select({
      id: suppliers.id,
      name: suppliers.companyName,
      phone: sql<
        string | null
      >`(select ${users.phone} from ${users} where ${users.supplierId} = ${suppliers.id} order by ${users.id} limit 1)`,
    })
    .from(suppliers)
    .where(inArray(suppliers.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone }]));
}

/** Presents supplier orders (rows in the reader's scope), with their lines and the reader's moves. */
async function present(db: Queryable, rows: (typeof supplierOrders.$inferSelect)[], reader: TSessionUser, now: Date) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [lines, parents, companies, families] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.supplierOrderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select({ id: orders.id, createdAt: orders.createdAt, burialRequestId: orders.burialRequestId })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))])),
    companiesOf(
      db,
      rows.map((r) => r.supplierId),
    ),
    db
      .select({
        id: users.id,
        surname: users.surname,
        name: users.name,
        patronymic: users.patronymic,
        phone: users.phone,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.clientId))])),
  ]);
  const parent = new Map(parents.map((p) => [p.id, p]));
  const burials = await burialsOf(
    db,
    parents.map((p) => p.burialRequestId),
  );
  const family = new Map(families.map((f) => [f.id, f]));
  const lineMoves = await Promise.all(lines.map((l) => orderLineMachine.movesFor(db, l, reader, now)));
  const moves = await Promise.all(rows.map((r) => supplierOrderMachine.movesFor(db, r, reader, now)));
  return rows.map((r, i): TSupplierOrder => {
    const p = parent.get(r.orderId);
    if (!p) throw new Error(`supplier order ${r.id} has no order`);
    const f = family.get(r.clientId);
    // The family's contact is the supplier's once it took the order; the family and the admin read it always.
    const showFamily = reader.role !== "supplier" || r.acceptedAt !== null;
    return {
      id: r.id,
      orderId: r.orderId,
      number: supplierOrderNumber(r.orderId, p.createdAt, r.position),
      status: r.status,
      supplier: { id: r.supplierId, ...(companies.get(r.supplierId) ?? { name: "", phone: null }) },
      total: r.total,
      acceptBy: r.acceptBy.toISOString(),
      acceptedAt: r.acceptedAt?.toISOString() ?? null,
      paymentMethod: r.paymentMethod,
      paymentStatus: r.paymentStatus,
      paidVia: r.paidVia,
      paymentRef: r.paymentRef,
      refundDue: r.refundDue,
      cancelledBy: r.cancelledBy,
      cancelReason: r.cancelReason,
      cancelComment: r.cancelComment,
      receivedAt: r.receivedAt?.toISOString() ?? null,
      disputedAt: r.disputedAt?.toISOString() ?? null,
      disputeText: r.disputeText,
      createdAt: r.createdAt.toISOString(),
      // The deceased's name is the family's; the supplier needs the day, the slot and the cemetery.
      burial: {
        ...(burials.get(p.burialRequestId) as TOrderBurial),
        ...(reader.role === "supplier" ? { deceased: "" } : {}),
      },
      family: showFamily && f ? { name: fullName(f), phone: f.phone } : null,
      lines: lines.flatMap((l, j) =>
        l.supplierOrderId === r.id
          ? [
              {
                id: l.id,
                itemId: l.itemId,
                nameRu: l.nameRu,
                nameKk: l.nameKk,
                kind: l.kind,
                unit: l.unit,
                price: l.price,
                quantity: l.quantity,
                amount: l.amount,
                place: l.place,
                address: l.address,
                deliveryDate: l.deliveryDate,
                deliveryTime: l.deliveryTime,
                status: l.status,
                cancelledBy: l.cancelledBy,
                cancelReason: l.cancelReason,
                cancelComment: l.cancelComment,
                doneAt: l.doneAt?.toISOString() ?? null,
                moves: lineMoves[j] ?? [],
              },
            ]
          : [],
      ),
      moves: moves[i] ?? [],
    };
  });
}

const scopeOf = (user: TSessionUser) =>
  supplierOrderScope(user, { supplierId: supplierOrders.supplierId, clientId: supplierOrders.clientId });

/** One supplier's order in the reader's scope (404 outside it). */
export async function getSupplierOrder(db: Queryable, user: TSessionUser, id: number, now: Date) {
  const row = await supplierOrderMachine.load(db, user, id);
  const [order] = await present(db, [row], user, now);
  return order as TSupplierOrder;
}

/**
 * The supplier's orders (or, for the admin, one supplier's): `active` (new and accepted; the ones to
 * accept first, by their deadline) or `archive` (the newest first).
 */
export async function listSupplierOrders(
  db: Queryable,
  user: TSessionUser,
  q: { tab: "active" | "archive"; page: number; pageSize: number; supplierId?: number },
  now: Date,
): Promise<TPage<TSupplierOrder>> {
  const active = inArray(supplierOrders.status, [...ACTIVE_ORDER_STATUSES]);
  const conds: (SQL | undefined)[] = [
    scopeOf(user) ?? undefined,
    q.tab === "active" ? active : sql`not ${active}`,
    q.supplierId !== undefined ? eq(supplierOrders.supplierId, q.supplierId) : undefined,
  ];
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const order =
    q.tab === "active"
      ? [sql`${supplierOrders.status} = 'accepted'`, asc(supplierOrders.acceptBy), asc(supplierOrders.id)]
      : [desc(supplierOrders.updatedAt), desc(supplierOrders.id)];
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(supplierOrders).where(where),
    db
      .select()
      .from(supplierOrders)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(await present(db, rows, user, now), counted?.n ?? 0, q);
}

/** What a family's order still costs: its lines not cancelled, in suppliers' orders still going. */
export function liveTotal(suppliersOf: TSupplierOrder[]): number {
  return suppliersOf
    .filter((s) => s.status !== "cancelled" && s.status !== "expired")
    .reduce((sum, s) => sum + s.lines.filter((l) => l.status !== "cancelled").reduce((a, l) => a + l.amount, 0), 0);
}

async function presentFamily(
  db: Queryable,
  rows: (typeof orders.$inferSelect)[],
  user: TSessionUser,
  now: Date,
  online: boolean,
): Promise<TFamilyOrder[]> {
  if (rows.length === 0) return [];
  const inner = await db
    .select()
    .from(supplierOrders)
    .where(
      and(
        inArray(
          supplierOrders.orderId,
          rows.map((r) => r.id),
        ),
        scopeOf(user) ?? undefined,
      ),
    )
    .orderBy(asc(supplierOrders.position));
  const presented = await present(db, inner, user, now);
  const burials = await burialsOf(
    db,
    rows.map((r) => r.burialRequestId),
  );
  return rows.map((r) => {
    const mine = presented.filter((s) => s.orderId === r.id);
    const total = liveTotal(mine);
    return {
      id: r.id,
      number: orderNumber(r.id, r.createdAt),
      createdAt: r.createdAt.toISOString(),
      paymentMethod: r.paymentMethod,
      paidAt: r.paidAt?.toISOString() ?? null,
      total,
      payable: online && r.paymentMethod === "online" && r.paidAt === null && total > 0,
      burial: burials.get(r.burialRequestId) as TOrderBurial,
      suppliers: mine,
    };
  });
}

/** The family's orders, the newest first. */
export async function listFamilyOrders(
  db: Queryable,
  user: TSessionUser,
  q: { page: number; pageSize: number; burialRequestId?: number },
  now: Date,
  online: boolean,
): Promise<TPage<TFamilyOrder>> {
  const where = and(
    eq(orders.clientId, user.id),
    q.burialRequestId !== undefined ? eq(orders.burialRequestId, q.burialRequestId) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(orders).where(where),
    db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),
  ]);
  return toPage(await presentFamily(db, rows, user, now, online), counted?.n ?? 0, q);
}

/** One of the family's orders (404 for anyone else's). */
export async function getFamilyOrder(db: Queryable, user: TSessionUser, id: number, now: Date, online: boolean) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.clientId, user.id)));
  if (!row) throw new AppError(404, "order_not_found");
  const [order] = await presentFamily(db, [row], user, now, online);
  return order as TFamilyOrder;
}
