import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BURIAL_REQUEST_MOVES, type BurialRequestMove } from "../../../common/booking.ts";
import { QUEUED_JOBS } from "../../jobs.ts";
import {
  assignManager,
  bookingCemetery,
  certificateOf,
  HOUR,
  newGrave,
  signedInUsers,
  T0,
  type TSignedIn,
} from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { readGrid } from "../../test/move-table.ts";
import { akimats } from "../users/organisations.tables.ts";
import { runDueJobs } from "../jobs/queue.ts";
import { burialRequests } from "./burial-requests.tables.ts";

/**
 * Every move of a burial request, tried by every kind of caller, in every status a request can be
 * in — through `POST /burial-requests/{id}/moves/{move}`, as the screens make them. The expected
 * outcomes are written out below by hand, from the product's rules (PRODUCT.md §3, the permission
 * map): they are not read from the machine under test. For each status the test also checks that
 * `moves` in `GET /burial-requests/{id}` lists, for each caller, exactly the moves that succeed.
 */

const ACTORS = ["anonymous", "owner", "otherClient", "manager", "otherManager", "admin", "akimat", "supplier"] as const;
type TActor = (typeof ACTORS)[number];

const OK = "200";
const U = "401 unauthorized";
const F = "403 forbidden";
const N = "404 burial_request_not_found";
const X = "409 invalid_transition";
const P = "409 booking_not_payable";
/** The system's moves are not moves of the operation (its `move` enum): 422 before the request is read. */
const S = "422 validation_failed";
type TOutcome = typeof OK | typeof U | typeof F | typeof N | typeof X | typeof P | typeof S;
type TRow = readonly [TOutcome, TOutcome, TOutcome, TOutcome, TOutcome, TOutcome, TOutcome, TOutcome];

/**
 * The states a request is built into (through the API) before the moves are tried. Besides the six
 * statuses, two pending requests the rules treat apart: one the family has not made ready to pay
 * (no death certificate, no slot), and one whose hold has lapsed before the expiry job ran.
 */
const STATES = [
  "pending",
  "pending_not_ready",
  "pending_lapsed",
  "paid",
  "confirmed",
  "completed",
  "cancelled",
  "expired",
] as const;
type TState = (typeof STATES)[number];

/** Who may read a request at all (`GET /burial-requests/{id}`). */
const READ: Record<TActor, TOutcome> = {
  anonymous: U,
  owner: OK,
  otherClient: N,
  manager: OK,
  otherManager: N,
  admin: OK,
  akimat: F,
  supplier: F,
};

/**
 * Outcome of each move (a line) in each state (a column) for the three callers who may read the
 * request; each cell is `owner/manager/admin`: the request's own client, the cemetery's manager, the
 * admin. First the move's permission (F: 403), then the status (X: 409 invalid_transition), then
 * what the move needs (P: 409 booking_not_payable: a certificate, a slot and a hold still running).
 * The system's moves (S) cannot be named through the API at all: 422 for every signed-in caller
 * with burial requests, whoever's request it is, since the move is refused before it is read.
 * The other callers — anonymous, another client, a manager of another cemetery, the akimat, a
 * supplier — are stopped before the move is looked at, with the answer `READ` gives them (401
 * without a session; 403 for roles without burial requests; 404 for a client or manager it does not
 * belong to), for every move in every state.
 */
const GRID = `
             pending  pending_not_ready  pending_lapsed  paid     confirmed  completed  cancelled  expired
  pay_office F/OK/OK  F/P/P              F/P/P           F/X/X    F/X/X      F/X/X      F/X/X      F/X/X
  pay_online S/S/S    S/S/S              S/S/S           S/S/S    S/S/S      S/S/S      S/S/S      S/S/S
  settle_free S/S/S   S/S/S              S/S/S           S/S/S    S/S/S      S/S/S      S/S/S      S/S/S
  confirm    F/X/X    F/X/X              F/X/X           F/OK/OK  F/X/X      F/X/X      F/X/X      F/X/X
  complete   F/X/X    F/X/X              F/X/X           F/X/X    F/OK/OK    F/X/X      F/X/X      F/X/X
  cancel_own OK/F/F   OK/F/F             OK/F/F          X/F/F    X/F/F      X/F/F      X/F/F      X/F/F
  cancel     F/OK/OK  F/OK/OK            F/OK/OK         F/OK/OK  F/OK/OK    F/X/X      F/X/X      F/X/X
  expire     S/S/S    S/S/S              S/S/S           S/S/S    S/S/S      S/S/S      S/S/S      S/S/S
`;

const SYMBOLS: Record<string, TOutcome> = { OK, U, F, N, X, P, S };
const READERS: readonly TActor[] = ["owner", "manager", "admin"];

/**
 * The grid read into one row of outcomes per (state, move), a cell per caller of `ACTORS`. Fails on a
 * grid that does not name every state and every move exactly once, or on a cell it cannot read.
 */
function expectedOf(grid: string): Record<TState, Record<BurialRequestMove, TRow>> {
  const { head, rows: lines } = readGrid(grid);
  if (JSON.stringify(head) !== JSON.stringify(STATES)) throw new Error(`grid columns: ${head}`);
  if (JSON.stringify(lines.map((l) => l[0]).sort()) !== JSON.stringify([...BURIAL_REQUEST_MOVES].sort())) {
    throw new Error(`grid lines: ${lines.map((l) => l[0])}`);
  }
  const out = Object.fromEntries(STATES.map((s) => [s, {}])) as Record<TState, Record<BurialRequestMove, TRow>>;
  for (const [move, ...cells] of lines) {
    if (cells.length !== STATES.length) throw new Error(`${move}: ${cells.length} cells, not ${STATES.length}`);
    for (const [i, cell] of cells.entries()) {
      const parts = cell.split("/").map((x) => SYMBOLS[x]);
      if (parts.length !== READERS.length || parts.includes(undefined)) throw new Error(`${move}: cell ${cell}`);
      const system = parts.every((p) => p === S);
      const row = ACTORS.map((a) =>
        READ[a] === OK ? parts[READERS.indexOf(a)] : system && READ[a] === N ? S : READ[a],
      );
      out[STATES[i] as TState][move as BurialRequestMove] = row as unknown as TRow;
    }
  }
  return out;
}

const EXPECTED = expectedOf(GRID);

/** Where a move that succeeds leaves the request. */
const LEADS_TO: Partial<Record<BurialRequestMove, string>> = {
  pay_office: "paid",
  confirm: "confirmed",
  complete: "completed",
  cancel_own: "cancelled",
  cancel: "cancelled",
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let places: number[];
let tokens: Record<Exclude<TActor, "owner" | "anonymous">, string>;
let owners: TSignedIn[];

beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  const mine = await bookingCemetery(h.db, akimatId, { which: 0, settings: { slotCapacity: 20 } });
  const other = await bookingCemetery(h.db, akimatId, { which: 1 });
  places = mine.rows.flat();
  await assignManager(h.db, h.phones.manager, mine.id);
  const [otherManager] = await signedInUsers(h.db, 1, T0, { series: 1, role: "manager" });
  await assignManager(h.db, (otherManager as TSignedIn).phone, other.id);
  owners = await signedInUsers(h.db, 8, T0, { series: 2 });
  tokens = {
    otherClient: await h.login(h.phones.client),
    manager: await h.login(h.phones.manager),
    otherManager: (otherManager as TSignedIn).token,
    admin: await h.login(h.phones.admin),
    akimat: await h.login(h.phones.akimat),
    supplier: await h.login(h.phones.supplier),
  };
});

type TBuilt = { id: number; owner: TSignedIn };

async function expectOk(res: { status: number; json: any }, what: string) {
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json;
}

/** A pending request of a new owner on a place of its own (and, when `ready`, its certificate and a slot). */
async function pending(n: number, ready: boolean): Promise<TBuilt> {
  const owner = owners[n] as TSignedIn;
  const { id } = await expectOk(
    await h.request("POST", "/burial-requests", { token: owner.token, body: newGrave([places[n] as number]) }),
    "book",
  );
  if (ready) {
    const slots = await expectOk(
      await h.request("GET", `/burial-requests/${id}/slots`, { token: owner.token }),
      "slots",
    );
    const day = slots.days[0];
    await expectOk(
      await h.request("PUT", `/burial-requests/${id}/details`, {
        token: owner.token,
        body: {
          certificateIds: [await certificateOf(h.db, owner.id)],
          burialDate: day.date,
          burialTime: day.slots[0].time,
        },
      }),
      "details",
    );
  }
  return { id, owner };
}

const staffMove = async (id: number, move: BurialRequestMove) =>
  expectOk(
    await h.request("POST", `/burial-requests/${id}/moves/${move}`, {
      token: tokens.manager,
      body: { reason: "Подготовка", receipt: "КВ-1" },
    }),
    move,
  );

/** Builds `count` requests in the state, each of its own family, through the API (and the jobs, for `expired`). */
async function build(state: TState, count: number): Promise<TBuilt[]> {
  const out: TBuilt[] = [];
  for (let n = 0; n < count; n++) {
    const r = await pending(n, state !== "pending_not_ready" && state !== "expired");
    if (["paid", "confirmed", "completed"].includes(state)) await staffMove(r.id, "pay_office");
    if (["confirmed", "completed"].includes(state)) await staffMove(r.id, "confirm");
    if (state === "completed") await staffMove(r.id, "complete");
    if (state === "cancelled") {
      await expectOk(
        await h.request("POST", `/burial-requests/${r.id}/moves/cancel_own`, {
          token: r.owner.token,
          body: { reason: "Передумали" },
        }),
        "cancel_own",
      );
    }
    out.push(r);
  }
  if (state === "pending_lapsed" || state === "expired") {
    // The 72-hour hold has run out; only for `expired` has the queue run since.
    h.setNow(new Date(T0.getTime() + 73 * HOUR));
    if (state === "expired") await runDueJobs(h.services, QUEUED_JOBS);
  }
  const status = state.startsWith("pending") ? "pending" : state;
  for (const r of out) {
    const [row] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, r.id));
    expect(row?.status).toBe(status);
  }
  return out;
}

const tokenOf = (actor: TActor, r: TBuilt) =>
  actor === "anonymous" ? undefined : actor === "owner" ? r.owner.token : tokens[actor];

const outcome = (res: { status: number; json: any }) =>
  res.status === 200 ? OK : `${res.status} ${res.json?.error?.code}`;

describe("every move of a burial request, by every caller, in every status", () => {
  it.each(STATES)("%s", async (state) => {
    const table = EXPECTED[state];
    const cells = BURIAL_REQUEST_MOVES.flatMap((move) =>
      ACTORS.map((actor, i) => ({ move, actor, expected: (table[move] as TRow)[i] as TOutcome })),
    );
    const winners = cells.filter((c) => c.expected === OK);
    // One request for every move that changes it, and one more that every refused move is tried on.
    const [shared, ...fresh] = await build(state, winners.length + 1);
    const problems: string[] = [];

    // What each caller is offered, before anything is tried.
    for (const actor of ACTORS) {
      const res = await h.request("GET", `/burial-requests/${(shared as TBuilt).id}`, {
        token: tokenOf(actor, shared as TBuilt),
      });
      if (outcome(res) !== READ[actor]) problems.push(`GET by ${actor}: ${outcome(res)}, expected ${READ[actor]}`);
      if (res.status !== 200) continue;
      const offered = [...res.json.moves].sort();
      const succeed = winners
        .filter((c) => c.actor === actor)
        .map((c) => c.move)
        .sort();
      if (JSON.stringify(offered) !== JSON.stringify(succeed)) {
        problems.push(`moves offered to ${actor}: [${offered}], expected [${succeed}]`);
      }
    }

    // Every refused move, on the shared request: each answer exact, and nothing changes.
    const before = await h.request("GET", `/burial-requests/${(shared as TBuilt).id}`, { token: tokens.admin });
    for (const c of cells.filter((x) => x.expected !== OK)) {
      const res = await h.request("POST", `/burial-requests/${(shared as TBuilt).id}/moves/${c.move}`, {
        token: tokenOf(c.actor, shared as TBuilt),
        body: { reason: "Проверка" },
      });
      if (outcome(res) !== c.expected)
        problems.push(`${c.move} by ${c.actor}: ${outcome(res)}, expected ${c.expected}`);
    }
    const after = await h.request("GET", `/burial-requests/${(shared as TBuilt).id}`, { token: tokens.admin });
    expect(after.json.status).toBe(before.json.status);
    expect(after.json.history).toEqual(before.json.history);

    // Every move that succeeds, each on a request of its own.
    for (const [i, c] of winners.entries()) {
      const r = fresh[i] as TBuilt;
      const res = await h.request("POST", `/burial-requests/${r.id}/moves/${c.move}`, {
        token: tokenOf(c.actor, r),
        body: { reason: "Проверка" },
      });
      if (outcome(res) !== OK) problems.push(`${c.move} by ${c.actor}: ${outcome(res)}, expected ${OK}`);
      else if (res.json.status !== LEADS_TO[c.move]) {
        problems.push(`${c.move} by ${c.actor} led to ${res.json.status}, expected ${LEADS_TO[c.move]}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("refuses a cancellation without a reason (422 naming the field), for the family and for the cemetery", async () => {
    const [r] = await build("pending", 1);
    for (const [move, token] of [
      ["cancel_own", (r as TBuilt).owner.token],
      ["cancel", tokens.manager],
    ] as const) {
      const res = await h.request("POST", `/burial-requests/${(r as TBuilt).id}/moves/${move}`, {
        token,
        body: { reason: "   " },
      });
      expect(res.status).toBe(422);
      expect(res.json.error).toMatchObject({ code: "validation_failed", fields: [{ path: "reason" }] });
    }
    const res = await h.request("GET", `/burial-requests/${(r as TBuilt).id}`, { token: tokens.manager });
    expect(res.json.status).toBe("pending");
  });
});
