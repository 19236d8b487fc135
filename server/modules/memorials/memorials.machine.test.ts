import { afterAll, beforeAll, describe } from "vitest";
import type { AccessStatus, ClaimStatus, SuggestionStatus, TributeStatus } from "../../../common/memorials.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { insertMemorial, memorialWorld } from "../../test/memorial-fixtures.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { users } from "../users/users.tables.ts";
import { accessMachine, claimMachine, suggestionMachine, tributeMachine } from "./memorials.machine.ts";
import { memorialAccessRequests, memorialClaims, memorialSuggestions, memorialTributes } from "./memorials.tables.ts";

const NOW = new Date("2026-11-25T06:00:00Z");

let h: Harness;
let actors: Record<TActorName, Actor>;
let memorialId: number;
let burialId: number;
let cemeteryId: number;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  h.setNow(NOW);
  actors = await actorsOf(h);
  const world = await memorialWorld(h);
  burialId = world.burialId;
  cemeteryId = world.cemeteryId;
  // A public memorial of the demo client's grave (the client is its owner); the supplier visits it.
  memorialId = (await insertMemorial(h.db, burialId, "public")).id;
});
afterAll(async () => h.close());

const visitor = () => actors.supplier.id as number;
let visitors = 0;
/** A client account of its own. */
async function newVisitor(db: Queryable): Promise<number> {
  const [u] = await db
    .insert(users)
    .values({ phone: `+7702${String(++visitors).padStart(7, "0")}`, role: "client", surname: "Туыс", name: "Айдана" })
    .returning({ id: users.id });
  return u?.id as number;
}

async function tribute(db: Queryable, status: TributeStatus) {
  const [row] = await db
    .insert(memorialTributes)
    .values({ memorialId, authorId: visitor(), kind: "candle", text: "Светлая память", status })
    .returning();
  return row as typeof memorialTributes.$inferSelect;
}

/**
 * The memorial's owner (the demo client, responsible for the grave) approves or hides tributes;
 * any signed-in visitor of a public memorial reports a shown one (back to the queue). Another
 * client who manages nothing is refused by `requires` (`memorials.test.ts`).
 */
const TRIBUTE_GRIDS = {
  approve: `
             pending  shown  hidden
    admin    403      403    403
    manager  403      403    403
    akimat   403      403    403
    supplier 403      403    403
    client   shown    409    shown
    system   403      403    403`,
  hide: `
             pending  shown   hidden
    admin    403      403     403
    manager  403      403     403
    akimat   403      403     403
    supplier 403      403     403
    client   hidden   hidden  409
    system   403      403     403`,
  report: `
             pending  shown    hidden
    admin    409      pending  409
    manager  409      pending  409
    akimat   409      pending  409
    supplier 409      pending  409
    client   409      pending  409
    system   403      403      403`,
};

describe("the tribute's machine", () => {
  itFollowsTheGrids(tributeMachine, TRIBUTE_GRIDS, () => ({ h, actors, create: (db, s) => tribute(db, s) }));
});

async function suggestion(db: Queryable, status: SuggestionStatus) {
  const [row] = await db
    .insert(memorialSuggestions)
    .values({ memorialId, authorId: visitor(), kind: "correction", text: "Год рождения — 1951.", status })
    .returning();
  return row as typeof memorialSuggestions.$inferSelect;
}

/** The owner accepts or declines a visitor's suggestion, once. */
const SUGGESTION_GRIDS = {
  accept: `
             pending   accepted  declined
    admin    403       403       403
    manager  403       403       403
    akimat   403       403       403
    supplier 403       403       403
    client   accepted  409       409
    system   403       403       403`,
  decline: `
             pending   accepted  declined
    admin    403       403       403
    manager  403       403       403
    akimat   403       403       403
    supplier 403       403       403
    client   declined  409       409
    system   403       403       403`,
};

describe("the suggestion's machine", () => {
  itFollowsTheGrids(suggestionMachine, SUGGESTION_GRIDS, () => ({ h, actors, create: (db, s) => suggestion(db, s) }));
});

/** A request by a visitor of its own (one open request per person and memorial). */
async function access(db: Queryable, status: AccessStatus) {
  const [row] = await db
    .insert(memorialAccessRequests)
    .values({ memorialId, userId: await newVisitor(db), message: "Я внук.", status })
    .returning();
  return row as typeof memorialAccessRequests.$inferSelect;
}

/** The owner grants a request (a declined one too, on second thoughts) or declines a pending one. */
const ACCESS_GRIDS = {
  grant: `
             pending  granted  declined
    admin    403      403      403
    manager  403      403      403
    akimat   403      403      403
    supplier 403      403      403
    client   granted  409      granted
    system   403      403      403`,
  decline: `
             pending   granted  declined
    admin    403       403      403
    manager  403       403      403
    akimat   403       403      403
    supplier 403       403      403
    client   declined  409      409
    system   403       403      403`,
};

describe("the access request's machine", () => {
  itFollowsTheGrids(accessMachine, ACCESS_GRIDS, () => ({ h, actors, create: (db, s) => access(db, s) }));
});

/** A claim by a relative of its own (one open claim per person and burial). */
async function claim(db: Queryable, status: ClaimStatus) {
  const relative = await newVisitor(db);
  const [row] = await db
    .insert(memorialClaims)
    .values({
      burialId,
      cemeteryId,
      userId: relative,
      relation: "grandchild",
      status,
      reason: status === "refused" ? "Документ не читается." : null,
    })
    .returning();
  return row as typeof memorialClaims.$inferSelect;
}

/** The cemetery's staff (its manager, the admin) approve a relative or refuse with a reason. */
const CLAIM_GRIDS = {
  approve: `
             pending   approved  refused
    admin    approved  409       409
    manager  approved  409       409
    akimat   403       403       403
    supplier 403       403       403
    client   403       403       403
    system   403       403       403`,
  refuse: `
             pending  approved  refused
    admin    refused  409       409
    manager  refused  409       409
    akimat   403      403       403
    supplier 403      403       403
    client   403      403       403
    system   403      403       403`,
};

describe("the relative's verification machine", () => {
  itFollowsTheGrids(claimMachine, CLAIM_GRIDS, () => ({
    h,
    actors,
    create: (db, s) => claim(db, s),
    input: (move) => (move === "refuse" ? { reason: "Документ не подтверждает родство." } : {}),
  }));
});
