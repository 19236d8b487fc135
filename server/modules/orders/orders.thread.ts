import { eq } from "drizzle-orm";
import { linkTo } from "../../../common/route-table.ts";
import { AppError } from "../../lib/errors.ts";
import { supplierOrderNumber } from "../../../common/orders.ts";
import { holders } from "../access/audiences.ts";
import { registerThread } from "../threads/threads.service.ts";
import { supplierOrderMachine } from "./orders.machine.ts";
import { orders, supplierOrders } from "./orders.tables.ts";

/**
 * The conversation of a supplier's order: the family and the supplier's people (its "staff" side),
 * where a dispute is taken up. Readable by both always; writable while the order goes on and once
 * archived (a dispute comes after), not once it ended unaccepted.
 */
registerThread("supplier_order", {
  access: async (tx, caller, id) => {
    // Outside the caller's scope the order is not there (404), as for its page.
    const row = await supplierOrderMachine.load(tx, caller, id).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    });
    if (!row) return null;
    return {
      staff: caller.role === "supplier",
      participant: row.clientId === caller.id,
      canWrite: row.status === "new" || row.status === "accepted" || row.status === "archived",
    };
  },
  recipients: async (tx, id) => {
    const [row] = await tx.select().from(supplierOrders).where(eq(supplierOrders.id, id));
    if (!row) return { applicant: [], staff: [] };
    return { applicant: [row.clientId], staff: await holders(tx, "orders.fulfil", { supplierId: row.supplierId }) };
  },
  link: (id, forStaff) =>
    forStaff ? linkTo("supplier-ticket-active", { id }) : linkTo("client-services-order", { id }),
  subject: async (tx, id) => {
    const [row] = await tx
      .select({ orderId: supplierOrders.orderId, position: supplierOrders.position, createdAt: orders.createdAt })
      .from(supplierOrders)
      .innerJoin(orders, eq(orders.id, supplierOrders.orderId))
      .where(eq(supplierOrders.id, id));
    const number = row ? supplierOrderNumber(row.orderId, row.createdAt, row.position) : String(id);
    return { ru: `Заказ № ${number}`, kk: `№ ${number} тапсырыс` };
  },
});
