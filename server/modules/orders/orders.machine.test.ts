import { afterAll, beforeAll, describe } from "vitest";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { marketBasics, marketItem, paidBurial, writeOrder } from "../../test/order-fixtures.ts";
import { orderLineMachine, supplierOrderMachine } from "./orders.machine.ts";
import type { orderLines, supplierOrders } from "./orders.tables.ts";

const T0 = new Date("2026-11-24T06:00:00Z");

let h: Harness;
let actors: Record<TActorName, Actor>;
let basics: Awaited<ReturnType<typeof marketBasics>>;
let itemId: number;
let burialId: number;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  h.setNow(T0);
  actors = await actorsOf(h);
  basics = await marketBasics(h.db);
  itemId = (await marketItem(h.db, basics.supplierId)).id;
  burialId = await paidBurial(h.db, {
    clientId: basics.clientId,
    cemeteryId: basics.cemetery.id,
    date: "2026-11-26",
    time: "11:00",
  });
});
afterAll(async () => h.close());

const base = () => ({
  clientId: basics.clientId,
  supplierId: basics.supplierId,
  burialRequestId: burialId,
  itemId,
  now: T0,
});

/** A supplier's order in `status`, its one line as that status implies (a finished order's line done). */
async function createOrder(db: Queryable, status: (typeof supplierOrders.$inferSelect)["status"]) {
  const lineStatus =
    status === "new" ? "new" : status === "accepted" ? "accepted" : status === "archived" ? "done" : "cancelled";
  return (await writeOrder(db, { ...base(), status, lineStatus })).supplierOrder;
}

/** A line in `status`, its order new while the line is, else accepted. */
async function createLine(db: Queryable, lineStatus: (typeof orderLines.$inferSelect)["status"]) {
  return (await writeOrder(db, { ...base(), status: lineStatus === "new" ? "new" : "accepted", lineStatus })).line;
}

/**
 * A supplier's order: only its company's people accept it (by the deadline), decline it with a
 * reason, and record a payment taken on delivery; only the family cancels it before acceptance,
 * confirms receipt of a finished one, disputes; the system expires an unaccepted one and archives
 * one whose lines are all finished. The admin reads, never moves.
 */
const ORDER_GRIDS = {
  accept: `
             new       accepted  archived  expired  cancelled
    admin    403       403       403       403      403
    manager  403       403       403       403      403
    akimat   403       403       403       403      403
    supplier accepted  409       409       409      409
    client   403       403       403       403      403
    system   403       403       403       403      403`,
  decline: `
             new        accepted  archived  expired  cancelled
    admin    403        403       403       403      403
    manager  403        403       403       403      403
    akimat   403        403       403       403      403
    supplier cancelled  409       409       409      409
    client   403        403       403       403      403
    system   403        403       403       403      403`,
  cancel_own: `
             new        accepted  archived  expired  cancelled
    admin    403        403       403       403      403
    manager  403        403       403       403      403
    akimat   403        403       403       403      403
    supplier 403        403       403       403      403
    client   cancelled  409       409       409      409
    system   403        403       403       403      403`,
  expire: `
             new      accepted  archived  expired  cancelled
    admin    403      403       403       403      403
    manager  403      403       403       403      403
    akimat   403      403       403       403      403
    supplier 403      403       403       403      403
    client   403      403       403       403      403
    system   expired  409       409       409      409`,
  archive: `
             new  accepted  archived  expired  cancelled
    admin    403  403       403       403      403
    manager  403  403       403       403      403
    akimat   403  403       403       403      403
    supplier 403  403       403       403      403
    client   403  403       403       403      403
    system   409  archived  409       409      409`,
  record_payment: `
             new  accepted  archived  expired  cancelled
    admin    403  403       403       403      403
    manager  403  403       403       403      403
    akimat   403  403       403       403      403
    supplier 409  accepted  archived  409      409
    client   403  403       403       403      403
    system   403  403       403       403      403`,
  confirm_receipt: `
             new  accepted  archived  expired  cancelled
    admin    403  403       403       403      403
    manager  403  403       403       403      403
    akimat   403  403       403       403      403
    supplier 403  403       403       403      403
    client   409  409       archived  409      409
    system   403  403       403       403      403`,
  dispute: `
             new  accepted  archived  expired  cancelled
    admin    403  403       403       403      403
    manager  403  403       403       403      403
    akimat   403  403       403       403      403
    supplier 403  403       403       403      403
    client   409  accepted  archived  409      409
    system   403  403       403       403      403`,
};

/**
 * A line: the supplier starts an accepted one, completes it (accepted or in progress), cancels it
 * with a reason; the family cancels one of an order not yet accepted.
 */
const LINE_GRIDS = {
  start: `
             new  accepted     in_progress  done  cancelled
    admin    403  403          403          403   403
    manager  403  403          403          403   403
    akimat   403  403          403          403   403
    supplier 409  in_progress  409          409   409
    client   403  403          403          403   403
    system   403  403          403          403   403`,
  complete: `
             new  accepted  in_progress  done  cancelled
    admin    403  403       403          403   403
    manager  403  403       403          403   403
    akimat   403  403       403          403   403
    supplier 409  done      done         409   409
    client   403  403       403          403   403
    system   403  403       403          403   403`,
  cancel: `
             new  accepted   in_progress  done  cancelled
    admin    403  403        403          403   403
    manager  403  403        403          403   403
    akimat   403  403        403          403   403
    supplier 409  cancelled  cancelled    409   409
    client   403  403        403          403   403
    system   403  403        403          403   403`,
  cancel_own: `
             new        accepted  in_progress  done  cancelled
    admin    403        403       403          403   403
    manager  403        403       403          403   403
    akimat   403        403       403          403   403
    supplier 403        403       403          403   403
    client   cancelled  409       409          409   409
    system   403        403       403          403   403`,
};

describe("a supplier's order's machine", () => {
  itFollowsTheGrids(supplierOrderMachine, ORDER_GRIDS, () => ({
    h,
    actors,
    create: createOrder,
    input: (m) =>
      m === "decline"
        ? { reason: "out_of_stock" }
        : m === "record_payment"
          ? { via: "on_delivery", paymentRef: "К-17" }
          : m === "dispute"
            ? { text: "Венок привезли не тот." }
            : {},
  }));
});

describe("an order line's machine", () => {
  itFollowsTheGrids(orderLineMachine, LINE_GRIDS, () => ({
    h,
    actors,
    create: createLine,
    input: (m) => (m === "cancel" ? { reason: "out_of_stock" } : {}),
  }));
});
