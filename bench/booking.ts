/**
 * `npm run bench:booking`: booking places under a crowd, through the API in process (session
 * lookup, permission, service, database), on a fresh database: PGlite in memory, or the server of
 * DATABASE_URL on a pool of 50 connections (its tables are emptied first). Measures
 *   1. the race: 500 families booking one place at once — time until every answer is in, the
 *      answers (1 × 201, 499 × 409 place_taken), and the latency of one attempt;
 *   2. booking distinct places of one cemetery: 100 families one after another (the latency of a
 *      booking alone), then 1,900 with 50 requests in flight at a time — bookings per second and
 *      the latency of one booking;
 *   3. the slots listing (`GET /burial-requests/{id}/slots`) of a cemetery whose next 14 days are
 *      full of booked slots — one at a time, and 50 at a time.
 * Run on demand; never part of `npm test`. Figures: docs/performance.md, "Booking".
 */
import { almatyDay } from "../common/calendar/almaty.ts";
import { addCalendarDays } from "../common/calendar/days.ts";
import { cpus, totalmem } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { slotTimes } from "../common/booking.ts";
import { openDatabase } from "../server/db/client.ts";
import { DEMO_PHONES, seedDemo } from "../server/db/seed.ts";
import {
  assignManager,
  bookingCemetery,
  caller,
  newGrave,
  signedInUsers,
  T0,
  tally,
} from "../server/test/booking-fixtures.ts";
import { servicesFor } from "../server/test/services.ts";

const RACE = Number(process.env.BENCH_RACE ?? 500);
const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 2000);
const IN_FLIGHT = 50;
/** Bookings made one at a time before the crowd (the latency of a booking with nothing else going on). */
const ALONE = 100;
const SLOT_CALLS = Number(process.env.BENCH_SLOT_CALLS ?? 300);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const lat = (xs: number[]) => `p50 ${ms(pct(xs, 50))}, p99 ${ms(pct(xs, 99))}`;

/** Runs `count` calls, at most `inFlight` at a time; the latency of each. */
async function crowd(count: number, inFlight: number, one: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(inFlight, count) }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        await one(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - start) / 1000 };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 50 });
  const { db } = database;
  console.log(
    `database: ${database.kind}; Node ${process.version}; ${cpus().length} cores; ${Math.round(totalmem() / 2 ** 30)} GiB`,
  );
  const tables = await db.execute(sql.raw("select tablename from pg_tables where schemaname = 'public'"));
  const names = (tables.rows as { tablename: string }[]).map((r) => `"${r.tablename}"`).join(", ");
  await db.execute(sql.raw(`truncate table ${names} restart identity cascade`));
  const { akimatId } = await seedDemo(db);
  // 4 sectors × 13 rows × 50 places: 2,600 places, every one free.
  const rows = Math.ceil((FAMILIES + 1) / 200);
  const cem = await bookingCemetery(db, akimatId, { rows, perRow: 50 });
  await assignManager(db, DEMO_PHONES.manager, cem.id);
  const places = cem.rows.flat();
  const racers = await signedInUsers(db, RACE, T0, { series: 0 });
  const families = await signedInUsers(db, FAMILIES, T0, { series: 1 });
  const warm = await signedInUsers(db, 20, T0, { series: 2 });
  // The app's clock starts at T0 (11:00 on a Monday in Almaty) and runs at the real pace.
  const started = Date.now();
  const services = servicesFor(db, { now: () => new Date(T0.getTime() + (Date.now() - started)) });
  const call = caller(services);
  const book = (token: string, plotId: number) => call("POST", "/burial-requests", { token, body: newGrave([plotId]) });

  // Warm up: a few bookings of the last places.
  for (const [i, f] of warm.entries()) await book(f.token, places[places.length - 1 - i] as number);

  // 1. The race.
  const place = places[0] as number;
  const raceLatencies: number[] = [];
  const raceStart = performance.now();
  const answers = await Promise.all(
    racers.map(async (f) => {
      const t = performance.now();
      const res = await book(f.token, place);
      raceLatencies.push(performance.now() - t);
      return res;
    }),
  );
  const settled = performance.now() - raceStart;
  const raceTally = tally(answers);
  const codes = new Set(answers.filter((a) => a.status !== 201).map((a) => a.json?.error?.code));
  console.log(
    `race, ${RACE} families on one place: settled in ${ms(settled)}; ${raceTally[201] ?? 0} × 201, ${raceTally[409] ?? 0} × 409 (${[...codes].join(", ")})${
      Object.keys(raceTally).some((k) => k !== "201" && k !== "409") ? `; OTHER: ${JSON.stringify(raceTally)}` : ""
    }; one attempt ${lat(raceLatencies)}`,
  );

  // 2. Booking distinct places: the first ALONE families one at a time, then the rest 50 at a time.
  const statuses: number[] = [];
  const bookOne = (offset: number) => async (i: number) => {
    const res = await book((families[offset + i] as { token: string }).token, places[offset + i + 1] as number);
    statuses.push(res.status);
  };
  const single = await crowd(ALONE, 1, bookOne(0));
  console.log(`booking alone, ${ALONE} families one after another: one booking ${lat(single.latencies)}`);
  const rest = FAMILIES - ALONE;
  const sustained = await crowd(rest, IN_FLIGHT, bookOne(ALONE));
  const bookTally = tally(statuses.map((status) => ({ status })));
  console.log(
    `sustained, ${rest} families on distinct places, ${IN_FLIGHT} in flight: ${(rest / sustained.seconds).toFixed(0)} bookings/s (${sustained.seconds.toFixed(1)} s); one booking ${lat(sustained.latencies)}; all answers ${JSON.stringify(bookTally)}`,
  );

  // 3. The slots listing, with the next 14 days' slots taken by the bookings (spread over them).
  const [c] = (
    await db.execute(
      sql`select burial_slots as "burialSlots", slot_minutes as "slotMinutes" from cemeteries where id = ${cem.id}`,
    )
  ).rows as { burialSlots: { from: string; to: string }; slotMinutes: number }[];
  const times = slotTimes(c?.burialSlots as { from: string; to: string }, c?.slotMinutes as number);
  const today = almatyDay(services.now());
  const slotList = Array.from({ length: 14 }, (_, d) =>
    times.map((t) => [addCalendarDays(today, d + 1), t] as const),
  ).flat();
  await db.execute(sql`
    update burial_requests r set burial_date = s.d::date, burial_time = s.t
    from (select id, row_number() over (order by id) as n from burial_requests where status = 'pending') q,
         (select * from jsonb_to_recordset(${JSON.stringify(slotList.map(([d, t], i) => ({ i, d, t })))}::jsonb)
            as x(i int, d text, t text)) s
    where r.id = q.id and s.i = (q.n - 1) % ${slotList.length}`);
  const owners = new Map(families.map((f) => [f.id, f.token]));
  const byClient = (
    await db.execute(sql`select id, client_id as "clientId" from burial_requests where status = 'pending'`)
  ).rows as { id: number; clientId: number }[];
  const slotCalls = byClient.filter((r) => owners.has(r.clientId)).slice(0, SLOT_CALLS);
  const listSlots = async (i: number) => {
    const r = slotCalls[i % slotCalls.length] as { id: number; clientId: number };
    const res = await call("GET", `/burial-requests/${r.id}/slots`, { token: owners.get(r.clientId) });
    if (res.status !== 200) throw new Error(`slots: ${res.status}`);
    return res.json;
  };
  const sample = (await listSlots(0)) as { days: { slots: { left: number }[] }[] };
  const shown = sample.days.reduce((n, d) => n + d.slots.length, 0);
  const full = sample.days.reduce((n, d) => n + d.slots.filter((s) => s.left === 0).length, 0);
  const alone = await crowd(SLOT_CALLS, 1, listSlots);
  const together = await crowd(SLOT_CALLS, IN_FLIGHT, listSlots);
  console.log(
    `slots listing (${shown} slots over ${sample.days.length} days, ${full} full): one at a time ${lat(alone.latencies)}; ${IN_FLIGHT} at a time ${lat(together.latencies)} (${(SLOT_CALLS / together.seconds).toFixed(0)}/s)`,
  );
  await database.close();
}

await main();
process.exit(0);
