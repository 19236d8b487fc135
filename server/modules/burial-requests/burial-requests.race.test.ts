import { and, count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { QUEUED_JOBS } from "../../jobs.ts";
import {
  assignManager,
  bookingCemetery,
  caller,
  certificateOf,
  HOUR,
  newGrave,
  signedInUsers,
  T0,
  type TBookingCemetery,
  type TCall,
  take,
  tally,
  withPool,
  writeHeldRequest,
} from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { jobs } from "../jobs/jobs.tables.ts";
import { runDueJobs } from "../jobs/queue.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import { TIMER_JOB } from "../workflow/workflow.ts";

/**
 * Families racing for the same place or the same slot. On PostgreSQL (`DATABASE_URL`; CI runs the
 * unit tests there through `scripts/with-postgres.sh`) the attempts run on a pool of 50 connections
 * at once, as many app servers would; on PGlite, one connection, they interleave between
 * statements (fewer attempts, the same rules). Every family is a distinct client account with its
 * own session, so the per-client limit of unpaid bookings never decides the outcome, and every
 * attempt takes the real path: session lookup, permission, service, database.
 */
const ON_PG = Boolean(process.env.DATABASE_URL);
const POOL = 50;

let h: Harness;
let pool: Awaited<ReturnType<typeof withPool>>;
let call: TCall;
beforeAll(async () => {
  h = await createHarness();
  pool = await withPool(h.services, POOL);
  call = caller(pool.services);
});
afterAll(async () => {
  await pool.close();
  await h.close();
});

let cem: TBookingCemetery;
let managerId: number;
beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  // 2 rows × 10 places in each of 4 sectors: 8 rows of 10 adjacent places.
  cem = await bookingCemetery(h.db, akimatId, { rows: 2, perRow: 10, settings: { slotCapacity: 2 } });
  managerId = await assignManager(h.db, h.phones.manager, cem.id);
});

const book = (token: string, plotIds: number[]) => call("POST", "/burial-requests", { token, body: newGrave(plotIds) });

const liveHolds = (plotId: number) =>
  h.db
    .select({ requestId: plotHolds.requestId })
    .from(plotHolds)
    .where(and(eq(plotHolds.plotId, plotId), isNull(plotHolds.releasedAt)));
const plotStatus = async (id: number) => (await h.db.select().from(plots).where(eq(plots.id, id)))[0]?.status;
const requestCount = async () => Number((await h.db.select({ n: count() }).from(burialRequests))[0]?.n);

/** Every refusal is the translated `place_taken`. */
function expectPlaceTaken(results: { status: number; json: any }[]) {
  const refused = results.filter((r) => r.status !== 201);
  expect(new Set(refused.map((r) => `${r.status} ${r.json?.error?.code}`))).toEqual(new Set(["409 place_taken"]));
  expect(refused[0]?.json.error.message).toMatch(/другая семья/);
}

describe("families racing for one place", () => {
  const attempts = ON_PG ? 500 : 50;

  it(`gives the place to exactly one of ${attempts} families booking it at once; every other gets 409 place_taken`, async () => {
    const families = await signedInUsers(h.db, attempts, T0);
    const place = take(cem.rows[0], 1)[0] as number;
    const results = await Promise.all(families.map((f) => book(f.token, [place])));

    expect(tally(results)).toEqual({ 201: 1, 409: attempts - 1 });
    expectPlaceTaken(results);
    const winner = families[results.findIndex((r) => r.status === 201)] as { id: number };
    const won = results.find((r) => r.status === 201)?.json.id as number;
    // Nothing of the losers is left: one request, one live hold, its timers, one notice to the staff.
    expect(await requestCount()).toBe(1);
    const [request] = await h.db.select().from(burialRequests);
    expect(request).toMatchObject({ id: won, clientId: winner.id, status: "pending" });
    expect(await liveHolds(place)).toEqual([{ requestId: won }]);
    expect(await plotStatus(place)).toBe("reserved");
    const timers = await h.db.select({ key: jobs.key }).from(jobs).where(eq(jobs.kind, TIMER_JOB));
    expect(timers.map((t) => t.key?.split(":").slice(0, 3).join(":")).sort()).toEqual(
      ["expire", "remind_1h", "remind_24h"].map((name) => `burial_request:${won}:${name}`),
    );
    const told = await h.db.select().from(notifications).where(eq(notifications.userId, managerId));
    expect(told.map((n) => n.kind)).toEqual(["burial_booked"]);
  }, 180_000);

  it("gives four-place graves overlapping by one place to exactly one family; the losers hold nothing", async () => {
    const n = ON_PG ? 100 : 20;
    const families = await signedInUsers(h.db, n, T0);
    const row = cem.rows[0] as number[];
    // Places 1–4 and 4–7 of one row: they share place 4.
    const left = take(row, 4, 0);
    const right = take(row, 4, 3);
    const results = await Promise.all(families.map((f, i) => book(f.token, i % 2 ? right : left)));

    expect(tally(results)).toEqual({ 201: 1, 409: n - 1 });
    expectPlaceTaken(results);
    const winnerAt = results.findIndex((r) => r.status === 201);
    const [won, lost] = winnerAt % 2 ? [right, left] : [left, right];
    for (const id of won) expect(await plotStatus(id)).toBe("reserved");
    // The loser's three other places were never held, not even in part.
    const onlyLost = lost.filter((id) => !won.includes(id));
    for (const id of onlyLost) {
      expect(await plotStatus(id)).toBe("free");
      expect(await liveHolds(id)).toEqual([]);
    }
    // ... so a losing family books them at once.
    const again = await book((families[winnerAt === 0 ? 1 : 0] as { token: string }).token, onlyLost);
    expect(again.status).toBe(201);
  }, 120_000);

  it("gives a family grave to exactly one of the families booking a burial into it at once", async () => {
    const n = ON_PG ? 100 : 20;
    const families = await signedInUsers(h.db, n, T0);
    const grave = take(cem.rows[0], 1)[0] as number;
    // A relative buried 20 years ago (past the cemetery's 15 years): the grave may take another coffin.
    const [relative] = await h.db
      .insert(burials)
      .values({ plotId: grave, surname: "Сейтқасымов", searchName: "сейткасымов", deathDate: "2006-05-01" })
      .returning({ id: burials.id });
    const docs: string[][] = [];
    for (const f of families) docs.push([await certificateOf(h.db, f.id), await certificateOf(h.db, f.id)]);
    const results = await Promise.all(
      families.map((f, i) =>
        call("POST", "/burial-requests", {
          token: f.token,
          body: {
            ...newGrave([]),
            kind: "family_grave",
            familyBurialId: relative?.id,
            kinshipIds: [docs[i]?.[0]],
            graveDocIds: [docs[i]?.[1]],
          },
        }),
      ),
    );
    expect(tally(results)).toEqual({ 201: 1, 409: n - 1 });
    expectPlaceTaken(results);
    expect(await liveHolds(grave)).toEqual([{ requestId: results.find((r) => r.status === 201)?.json.id }]);
  }, 120_000);

  it("gives a place whose hold lapsed (no job has run yet) to exactly one of the families racing for it", async () => {
    const n = ON_PG ? 200 : 30;
    const [first, ...families] = await signedInUsers(h.db, n + 1, T0);
    const place = take(cem.rows[0], 1)[0] as number;
    const old = await book((first as { token: string }).token, [place]);
    expect(old.status).toBe(201);
    // 73 hours later the first family's hold has lapsed; its expiry job has not run yet.
    h.setNow(new Date(T0.getTime() + 73 * HOUR));
    expect(await liveHolds(place)).toHaveLength(1);

    const results = await Promise.all(families.map((f) => book(f.token, [place])));
    expect(tally(results)).toEqual({ 201: 1, 409: n - 1 });
    expectPlaceTaken(results);
    const won = results.find((r) => r.status === 201)?.json.id as number;
    expect(await requestCount()).toBe(2);

    // The first request's expiry then ends its own hold only: the place stays the winner's.
    await runDueJobs(h.services, QUEUED_JOBS);
    const [expired] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, old.json.id));
    expect(expired?.status).toBe("expired");
    expect(await liveHolds(place)).toEqual([{ requestId: won }]);
    expect(await plotStatus(place)).toBe("reserved");
  }, 120_000);
});

describe.skipIf(!ON_PG)("the database decides, not the status a booking read (PostgreSQL)", () => {
  /**
   * Another family's booking of the place is written but not committed (on a connection of its
   * own); a new booking reads the place as free, writes its hold and waits on the database for the
   * other transaction's outcome. Only then does the test end the other transaction.
   */
  async function raceAgainstUncommitted(outcome: "commit" | "rollback") {
    const [a, b] = await signedInUsers(h.db, 2, T0);
    const place = take(cem.rows[0], 1)[0] as number;
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    try {
      let finish: () => void = () => {};
      const finished = new Promise<void>((r) => {
        finish = r;
      });
      let written: () => void = () => {};
      const isWritten = new Promise<void>((r) => {
        written = r;
      });
      const holder = other.db
        .transaction(async (tx) => {
          await writeHeldRequest(tx, {
            clientId: (a as { id: number }).id,
            cemeteryId: cem.id,
            plotId: place,
            surname: "Другая",
            now: T0,
          });
          written();
          await finished;
          if (outcome === "rollback") tx.rollback();
        })
        .catch(() => {});
      await isWritten;
      let answered = false;
      let blocked = false;
      const attempt = book((b as { token: string }).token, [place]).finally(() => {
        answered = true;
      });
      // Wait until the booking is blocked on the other transaction (a lock it has not been granted);
      // should it answer without waiting, the assertions below judge that answer.
      while (!answered) {
        const [w] = (
          await h.db.execute(
            sql`select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`,
          )
        ).rows as { n: number }[];
        blocked = (w?.n ?? 0) > 0;
        if (blocked) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      finish();
      await holder;
      return { ...(await attempt), blocked };
    } finally {
      await other.close();
    }
  }

  it("refuses a booking that found the place free once the other family's booking commits", async () => {
    const res = await raceAgainstUncommitted("commit");
    expect(res.blocked).toBe(true);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe("place_taken");
  });

  it("lets it through when the other family's booking rolls back", async () => {
    const res = await raceAgainstUncommitted("rollback");
    expect(res.blocked).toBe(true);
    expect(res.status).toBe(201);
  });
});

describe("families racing for one slot", () => {
  it("fills a slot of capacity 2 with exactly 2 of the families choosing it at once; the rest get 409 slot_full", async () => {
    const n = ON_PG ? 60 : 12;
    const families = await signedInUsers(h.db, n, T0);
    const places = cem.rows.flat();
    // Each family books its own place (all at once: distinct places never conflict).
    const booked = await Promise.all(families.map((f, i) => book(f.token, [places[i] as number])));
    expect(tally(booked)).toEqual({ 201: n });
    const ids = booked.map((r) => r.json.id as number);
    const certificates: string[] = [];
    for (const f of families) certificates.push(await certificateOf(h.db, f.id));
    const slots = await call("GET", `/burial-requests/${ids[0]}/slots`, { token: families[0]?.token });
    const day = slots.json.days[0];
    const slot = { burialDate: day.date as string, burialTime: day.slots[0].time as string };
    expect(day.slots[0]).toMatchObject({ capacity: 2, left: 2 });

    const results = await Promise.all(
      families.map((f, i) =>
        call("PUT", `/burial-requests/${ids[i]}/details`, {
          token: f.token,
          body: { certificateIds: [certificates[i]], ...slot },
        }),
      ),
    );
    expect(tally(results)).toEqual({ 200: 2, 409: n - 2 });
    const refused = results.filter((r) => r.status !== 200);
    expect(new Set(refused.map((r) => r.json.error.code))).toEqual(new Set(["slot_full"]));
    expect(refused[0]?.json.error.message).toMatch(/мест больше нет/);
    const taken = await h.db
      .select({ id: burialRequests.id })
      .from(burialRequests)
      .where(and(eq(burialRequests.burialDate, slot.burialDate), eq(burialRequests.burialTime, slot.burialTime)));
    expect(taken).toHaveLength(2);
    const loser = results.findIndex((r) => r.status === 409);
    const after = await call("GET", `/burial-requests/${ids[loser]}/slots`, { token: families[loser]?.token });
    expect(after.json.days[0].slots[0]).toMatchObject({ time: slot.burialTime, left: 0 });
  }, 120_000);
});
