import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Tx } from "../../db/client.ts";
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
  type TSignedIn,
  take,
  withPool,
  writeHeldRequest,
} from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { queuePlotChanges } from "../cemeteries/plot-queue.ts";
import { runDueJobs } from "../jobs/queue.ts";
import { burialRequestMachine } from "./burial-requests.machine.ts";
import { burialRequests, plotHolds } from "./burial-requests.tables.ts";
import { SYSTEM } from "../../lib/caller.ts";

/**
 * A place's status (and its cemetery's counts) under holds written by two transactions at once, on
 * two PostgreSQL connections, as two app servers would: one transaction's step is written and left
 * open on a connection of its own; the other runs through the API (or the job queue) until it has
 * answered or waits on a lock the first holds; only then does the first commit. Each transaction
 * sees its own change and not the other's until that commits, so a status computed from what one
 * transaction sees is wrong whenever the other commits last (write skew) — the place was shown free
 * while a family held it. PGlite is one connection: nothing interleaves there, so these run on
 * PostgreSQL only (CI's pass through `scripts/with-postgres.sh`).
 */
const ON_PG = Boolean(process.env.DATABASE_URL);

let h: Harness;
let pool: Awaited<ReturnType<typeof withPool>>;
let call: TCall;
beforeAll(async () => {
  h = await createHarness();
  pool = await withPool(h.services, 4);
  call = caller(pool.services);
});
afterAll(async () => {
  await pool.close();
  await h.close();
});

let cem: TBookingCemetery;
let place: number;
let first: TSignedIn;
let second: TSignedIn;
let third: TSignedIn;
let managerToken: string;
let lapsed: number;
beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  cem = await bookingCemetery(h.db, akimatId, { rows: 1, perRow: 4 });
  await assignManager(h.db, h.phones.manager, cem.id);
  managerToken = await h.login(h.phones.manager);
  [first, second, third] = (await signedInUsers(h.db, 3, T0)) as [TSignedIn, TSignedIn, TSignedIn];
  place = take(cem.rows[0], 1)[0] as number;
  // The first family's hold on the place has lapsed (73 h of 72); no expiry job has run yet.
  const booked = await call("POST", "/burial-requests", { token: first.token, body: newGrave([place]) });
  expect(booked.status).toBe(201);
  lapsed = booked.json.id;
  h.setNow(new Date(T0.getTime() + 73 * HOUR));
});

/**
 * Runs `step` in a transaction on a connection of its own and leaves it open; then starts `other`
 * and waits until it has answered or waits on a lock (a lock not granted); then commits `step`'s
 * transaction and returns `other`'s answer, and whether it had to wait.
 */
async function interleave<T>(step: (tx: Tx) => Promise<void>, other: () => Promise<T>) {
  const own = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
  try {
    let commit: () => void = () => {};
    const committing = new Promise<void>((r) => {
      commit = r;
    });
    let written: () => void = () => {};
    const isWritten = new Promise<void>((r) => {
      written = r;
    });
    const first = own.db.transaction(async (tx) => {
      await step(tx);
      written();
      await committing;
    });
    await Promise.race([isWritten, first]);
    let answered = false;
    const attempt = other().finally(() => {
      answered = true;
    });
    let blocked = false;
    while (!answered && !blocked) {
      const [w] = (await h.db.execute(sql`select count(*)::int as n from pg_locks where not granted`)).rows as {
        n: number;
      }[];
      blocked = (w?.n ?? 0) > 0;
      if (!blocked) await new Promise((r) => setTimeout(r, 10));
    }
    commit();
    await first;
    return { result: await attempt, blocked };
  } finally {
    await own.close();
  }
}

/** The first family's own cancellation (`cancel_own`), as the API makes it, in `tx`. */
async function cancelLapsed(tx: Tx) {
  const [row] = await tx.select().from(burialRequests).where(eq(burialRequests.id, lapsed)).for("update");
  await burialRequestMachine.move(
    tx,
    h.services,
    row as typeof burialRequests.$inferSelect,
    "cancel_own",
    {
      id: first.id,
      role: "client",
    },
    { reason: "Передумали" },
  );
}

/** The expiry job's move on the lapsed request, in `tx`. */
async function expireLapsed(tx: Tx) {
  const [row] = await tx.select().from(burialRequests).where(eq(burialRequests.id, lapsed)).for("update");
  await burialRequestMachine.move(tx, h.services, row as typeof burialRequests.$inferSelect, "expire", SYSTEM);
}

/** What a booking of the place by the second family writes, in `tx` (its queue, its request, its hold). */
async function bookInTx(tx: Tx) {
  const now = h.services.now();
  await queuePlotChanges(tx, [place]);
  await writeHeldRequest(tx, { clientId: second.id, cemeteryId: cem.id, plotId: place, surname: "Вторая", now });
}

const bookSecond = () => call("POST", "/burial-requests", { token: second.token, body: newGrave([place]) });
const cancelFirst = () =>
  call("POST", `/burial-requests/${lapsed}/moves/cancel_own`, { token: first.token, body: { reason: "Передумали" } });

/**
 * The place is held by the second family and shown so everywhere: its status, the cemetery's
 * counts (equal to the statuses of its places), a third family's booking refused, and the manager
 * unable to close it.
 */
async function expectHeldBySecond() {
  const live = await h.db
    .select({ clientId: burialRequests.clientId })
    .from(plotHolds)
    .innerJoin(burialRequests, eq(burialRequests.id, plotHolds.requestId))
    .where(and(eq(plotHolds.plotId, place), isNull(plotHolds.releasedAt)));
  expect(live).toEqual([{ clientId: second.id }]);
  const [p] = await h.db.select({ status: plots.status }).from(plots).where(eq(plots.id, place));
  expect(p?.status).toBe("reserved");
  // Every place's status as its records and holds make it, and the counts as the statuses make them.
  const wrong = await h.db.execute(sql`
    select p.id, p.status from plots p
    where p.cemetery_id = ${cem.id} and p.status is distinct from case
      when exists (select 1 from burials b where b.plot_id = p.id) then 'occupied'
      when exists (select 1 from plot_holds x where x.plot_id = p.id and x.released_at is null) then 'reserved'
      when p.status = 'unavailable' then 'unavailable' else 'free' end`);
  expect(wrong.rows).toEqual([]);
  const counts = await h.db.execute(sql`
    select c.free, c.reserved, c.occupied, c.unavailable from cemetery_counts c where c.cemetery_id = ${cem.id}`);
  const statuses = await h.db.execute(sql`
    select
      count(*) filter (where status = 'free')::int as free,
      count(*) filter (where status = 'reserved')::int as reserved,
      count(*) filter (where status = 'occupied')::int as occupied,
      count(*) filter (where status = 'unavailable')::int as unavailable
    from plots where cemetery_id = ${cem.id}`);
  expect(counts.rows).toEqual(statuses.rows);
  expect(counts.rows[0]).toMatchObject({ reserved: 1 });
  const again = await call("POST", "/burial-requests", { token: third.token, body: newGrave([place]) });
  expect(again.status).toBe(409);
  expect(again.json.error.code).toBe("place_taken");
  const close = await call("PATCH", `/plots/${place}`, { token: managerToken, body: { status: "unavailable" } });
  expect(close.status).toBe(422);
  expect(close.json.error.fields).toEqual([expect.objectContaining({ path: "status" })]);
}

describe.skipIf(!ON_PG)("a lapsed hold ended while another family books the place (PostgreSQL)", () => {
  it("the first family cancels (uncommitted) while the second books: the place stays reserved", async () => {
    const { result, blocked } = await interleave(cancelLapsed, bookSecond);
    expect(result.status).toBe(201);
    await expectHeldBySecond();
    // The second transaction's status waited for the first's: it cannot be computed without it.
    expect(blocked).toBe(true);
  });

  it("the expiry job ends the hold (uncommitted) while the second family books: the place stays reserved", async () => {
    const { result, blocked } = await interleave(expireLapsed, bookSecond);
    expect(result.status).toBe(201);
    await expectHeldBySecond();
    // The second transaction's status waited for the first's: it cannot be computed without it.
    expect(blocked).toBe(true);
  });

  it("the second family's booking is written (uncommitted) while the first cancels: the place stays reserved", async () => {
    const { result, blocked } = await interleave(bookInTx, cancelFirst);
    expect(result.status).toBe(200);
    await expectHeldBySecond();
    // The second transaction's status waited for the first's: it cannot be computed without it.
    expect(blocked).toBe(true);
  });

  it("the second family's booking is written (uncommitted) while the expiry job runs: the place stays reserved", async () => {
    const { result, blocked } = await interleave(bookInTx, () => runDueJobs(pool.services, QUEUED_JOBS));
    expect(result.ran).toBeGreaterThan(0);
    const [r] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, lapsed));
    expect(r?.status).toBe("expired");
    await expectHeldBySecond();
    expect(blocked).toBe(true);
  });
});

describe.skipIf(!ON_PG)(
  "an office payment in the hold's last second while another family books the place (PostgreSQL)",
  () => {
    it("waits for the booking, then refuses with 409 hold_lapsed_place_taken; the place stays the second family's", async () => {
      // The first family made its request ready to pay while its hold ran.
      h.setNow(T0);
      const slots = await call("GET", `/burial-requests/${lapsed}/slots`, { token: first.token });
      const day = slots.json.days[0];
      const details = await call("PUT", `/burial-requests/${lapsed}/details`, {
        token: first.token,
        body: {
          certificateIds: [await certificateOf(h.db, first.id)],
          burialDate: day.date,
          burialTime: day.slots[0].time,
        },
      });
      expect(details.status).toBe(200);
      h.setNow(new Date(T0.getTime() + 72 * HOUR + 1000));
      const { result, blocked } = await interleave(
        async (tx) => {
          await bookInTx(tx);
          // The clerk's server: a second behind, the hold's last second.
          h.setNow(new Date(T0.getTime() + 72 * HOUR - 1000));
        },
        () =>
          call("POST", `/burial-requests/${lapsed}/moves/pay_office`, {
            token: managerToken,
            body: { receipt: "КВ-19" },
          }),
      );
      expect(result.status).toBe(409);
      expect(result.json.error.code).toBe("hold_lapsed_place_taken");
      const [r] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, lapsed));
      expect(r).toMatchObject({ status: "pending", paidAt: null });
      expect(blocked).toBe(true);
    });
  },
);

describe.skipIf(!ON_PG)("pairs racing without steps set (PostgreSQL)", () => {
  it("60 lapsed holds each cancelled while another family books the place: every place reserved, the counts right", async () => {
    const n = 60;
    const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
    h.setNow(T0);
    const big = await bookingCemetery(h.db, akimatId, { which: 1, rows: 2, perRow: 8 });
    const places = big.rows.flat().slice(0, n);
    const owners = await signedInUsers(h.db, n, T0, { series: 1 });
    const newcomers = await signedInUsers(h.db, n, T0, { series: 2 });
    const booked = await Promise.all(
      owners.map((o, i) => call("POST", "/burial-requests", { token: o.token, body: newGrave([places[i] as number]) })),
    );
    expect(booked.every((r) => r.status === 201)).toBe(true);
    h.setNow(new Date(T0.getTime() + 73 * HOUR));
    const answers = await Promise.all(
      places.flatMap((plotId, i) => [
        call("POST", `/burial-requests/${booked[i]?.json.id}/moves/cancel_own`, {
          token: owners[i]?.token,
          body: { reason: "Передумали" },
        }),
        call("POST", "/burial-requests", { token: newcomers[i]?.token, body: newGrave([plotId]) }),
      ]),
    );
    expect(answers.map((a) => a.status)).toEqual(places.flatMap(() => [200, 201]));
    const statuses = await h.db.execute(sql`
      select p.status, count(*)::int as n from plots p
      where p.id in (${sql.join(places, sql`, `)}) group by p.status`);
    expect(statuses.rows).toEqual([{ status: "reserved", n }]);
    const counts = await h.db.execute(sql`
      select c.reserved, (select count(*)::int from plots p where p.cemetery_id = c.cemetery_id and p.status = 'reserved') as plots
      from cemetery_counts c where c.cemetery_id = ${big.id}`);
    expect(counts.rows).toEqual([{ reserved: n, plots: n }]);
  }, 120_000);
});

describe.skipIf(!ON_PG)("the manager closes a place while a family books it (PostgreSQL)", () => {
  it("a booking that read the place as free before the manager closed it is refused once the close commits", async () => {
    const free = take(cem.rows[0], 1, 2)[0] as number;
    const { result, blocked } = await interleave(
      async (tx) => {
        // What the manager's `PATCH /plots/{id}` writes first: the place's queue, then its status.
        await queuePlotChanges(tx, [free]);
        await tx.update(plots).set({ status: "unavailable" }).where(eq(plots.id, free));
      },
      () => call("POST", "/burial-requests", { token: second.token, body: newGrave([free]) }),
    );
    expect(result.status).toBe(409);
    expect(result.json.error.code).toBe("place_taken");
    const [p] = await h.db.select({ status: plots.status }).from(plots).where(eq(plots.id, free));
    expect(p?.status).toBe("unavailable");
    const holds = await h.db.select().from(plotHolds).where(eq(plotHolds.plotId, free));
    expect(holds).toEqual([]);
    expect(blocked).toBe(true);
  });
});
