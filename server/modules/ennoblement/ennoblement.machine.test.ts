import { afterAll, beforeAll, describe } from "vitest";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { careBasics, photoRows, type TCareBasics, writeCareRequest, writePermit } from "../../test/care-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { careRequestMachine, permitMachine } from "./ennoblement.machine.ts";
import type { carePermits, careRequests } from "./ennoblement.tables.ts";

/** Tuesday 24 November 2026, 11:00 in Almaty. */
const T0 = new Date("2026-11-24T06:00:00Z");

let h: Harness;
let actors: Record<TActorName, Actor>;
let b: TCareBasics;
/** The staff's photos, two used by each `complete` the grid makes (a file binds to one request). */
let photos: Record<"manager" | "admin", string[]> = { manager: [], admin: [] };
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  h.setNow(T0);
  actors = await actorsOf(h);
  b = await careBasics(h.db);
  photos = {
    manager: await photoRows(h.db, actors.manager.id as number, 60),
    admin: await photoRows(h.db, actors.admin.id as number, 60),
  };
});
afterAll(async () => h.close());

/**
 * A care request: only the cemetery's staff (its managers, the admin) accept it, record a payment
 * at the office, schedule, mark it done (with photos before and after), redo or close a dispute, reject it before it is scheduled; only
 * the family confirms or disputes done works and cancels before scheduling; the system pays it
 * online and confirms done works after 7 days. The akimat and suppliers have nothing to do with it.
 */
const CARE_GRIDS = {
  accept: `
             new       accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    accepted  409       409        409   409        409       409     409       409
    manager  accepted  409       409        409   409        409       409     409       409
    akimat   403       403       403        403   403        403       403     403       403
    supplier 403       403       403        403   403        403       403     403       403
    client   403       403       403        403   403        403       403     403       403
    system   403       403       403        403   403        403       403     403       403`,
  record_payment: `
             new  accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    409  accepted  scheduled  done  confirmed  disputed  closed  409       409
    manager  409  accepted  scheduled  done  confirmed  disputed  closed  409       409
    akimat   403  403       403        403   403        403       403     403       403
    supplier 403  403       403        403   403        403       403     403       403
    client   403  403       403        403   403        403       403     403       403
    system   403  403       403        403   403        403       403     403       403`,
  pay_online: `
             new  accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    403  403       403        403   403        403       403     403       403
    manager  403  403       403        403   403        403       403     403       403
    akimat   403  403       403        403   403        403       403     403       403
    supplier 403  403       403        403   403        403       403     403       403
    client   403  403       403        403   403        403       403     403       403
    system   409  accepted  scheduled  done  confirmed  disputed  closed  409       409`,
  schedule: `
             new  accepted   scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    409  scheduled  409        409   409        409       409     409       409
    manager  409  scheduled  409        409   409        409       409     409       409
    akimat   403  403        403        403   403        403       403     403       403
    supplier 403  403        403        403   403        403       403     403       403
    client   403  403        403        403   403        403       403     403       403
    system   403  403        403        403   403        403       403     403       403`,
  complete: `
             new  accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    409  409       done       409   409        409       409     409       409
    manager  409  409       done       409   409        409       409     409       409
    akimat   403  403       403        403   403        403       403     403       403
    supplier 403  403       403        403   403        403       403     403       403
    client   403  403       403        403   403        403       403     403       403
    system   403  403       403        403   403        403       403     403       403`,
  confirm: `
             new  accepted  scheduled  done       confirmed  disputed  closed  rejected  cancelled
    admin    403  403       403        403        403        403       403     403       403
    manager  403  403       403        403        403        403       403     403       403
    akimat   403  403       403        403        403        403       403     403       403
    supplier 403  403       403        403        403        403       403     403       403
    client   409  409       409        confirmed  409        409       409     409       409
    system   403  403       403        403        403        403       403     403       403`,
  dispute: `
             new  accepted  scheduled  done      confirmed  disputed  closed  rejected  cancelled
    admin    403  403       403        403       403        403       403     403       403
    manager  403  403       403        403       403        403       403     403       403
    akimat   403  403       403        403       403        403       403     403       403
    supplier 403  403       403        403       403        403       403     403       403
    client   409  409       409        disputed  409        409       409     409       409
    system   403  403       403        403       403        403       403     403       403`,
  auto_confirm: `
             new  accepted  scheduled  done       confirmed  disputed  closed  rejected  cancelled
    admin    403  403       403        403        403        403       403     403       403
    manager  403  403       403        403        403        403       403     403       403
    akimat   403  403       403        403        403        403       403     403       403
    supplier 403  403       403        403        403        403       403     403       403
    client   403  403       403        403        403        403       403     403       403
    system   409  409       409        confirmed  409        409       409     409       409`,
  redo: `
             new  accepted  scheduled  done  confirmed  disputed   closed  rejected  cancelled
    admin    409  409       409        409   409        scheduled  409     409       409
    manager  409  409       409        409   409        scheduled  409     409       409
    akimat   403  403       403        403   403        403        403     403       403
    supplier 403  403       403        403   403        403        403     403       403
    client   403  403       403        403   403        403        403     403       403
    system   403  403       403        403   403        403        403     403       403`,
  close: `
             new  accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    409  409       409        409   409        closed    409     409       409
    manager  409  409       409        409   409        closed    409     409       409
    akimat   403  403       403        403   403        403       403     403       403
    supplier 403  403       403        403   403        403       403     403       403
    client   403  403       403        403   403        403       403     403       403
    system   403  403       403        403   403        403       403     403       403`,
  reject: `
             new       accepted  scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    rejected  rejected  409        409   409        409       409     409       409
    manager  rejected  rejected  409        409   409        409       409     409       409
    akimat   403       403       403        403   403        403       403     403       403
    supplier 403       403       403        403   403        403       403     403       403
    client   403       403       403        403   403        403       403     403       403
    system   403       403       403        403   403        403       403     403       403`,
  cancel: `
             new        accepted   scheduled  done  confirmed  disputed  closed  rejected  cancelled
    admin    403        403        403        403   403        403       403     403       403
    manager  403        403        403        403   403        403       403     403       403
    akimat   403        403        403        403   403        403       403     403       403
    supplier 403        403        403        403   403        403       403     403       403
    client   cancelled  cancelled  409        409   409        409       409     409       409
    system   403        403        403        403   403        403       403     403       403`,
};

/** A permit: only the cemetery's staff issue or refuse it; only the system ends it when its month is over. */
const PERMIT_GRIDS = {
  issue: `
             requested  issued  refused  expired
    admin    issued     409     409      409
    manager  issued     409     409      409
    akimat   403        403     403      403
    supplier 403        403     403      403
    client   403        403     403      403
    system   403        403     403      403`,
  refuse: `
             requested  issued  refused  expired
    admin    refused    409     409      409
    manager  refused    409     409      409
    akimat   403        403     403      403
    supplier 403        403     403      403
    client   403        403     403      403
    system   403        403     403      403`,
  expire: `
             requested  issued   refused  expired
    admin    403        403      403      403
    manager  403        403      403      403
    akimat   403        403      403      403
    supplier 403        403      403      403
    client   403        403      403      403
    system   409        expired  409      409`,
};

describe("a care request's machine", () => {
  itFollowsTheGrids(careRequestMachine, CARE_GRIDS, () => ({
    h,
    actors,
    create: (db: Queryable, status: (typeof careRequests.$inferSelect)["status"]) => writeCareRequest(db, b, status),
    input: (m, actor) => {
      const own = photos[actor === "admin" ? "admin" : "manager"];
      if (m === "complete") return { beforeIds: [own.pop()], afterIds: [own.pop()] };
      if (m === "schedule" || m === "redo") return { date: "2026-11-27" };
      if (m === "record_payment") return { paymentRef: "К-5" };
      if (m === "dispute") return { text: "Листву не убрали." };
      if (m === "close") return { answer: "Убрали повторно, фото в переписке." };
      if (m === "reject") return { reason: "Работы на этом участке временно запрещены." };
      return {};
    },
  }));
});

describe("a permit's machine", () => {
  itFollowsTheGrids(permitMachine, PERMIT_GRIDS, () => ({
    h,
    actors,
    create: (db: Queryable, status: (typeof carePermits.$inferSelect)["status"]) => writePermit(db, b, status),
    input: (m) => (m === "refuse" ? { reason: "dimensions", comment: "Ограда шире места." } : {}),
  }));
});
