/**
 * An app server's job queue for `booking-timers.test.ts`: `startQueue` with the product's queued
 * jobs (`QUEUED_JOBS`: a booking's expiry and reminders, the SMS outbox) on the PostgreSQL of
 * DATABASE_URL, on a clock the test sets (IPC message `{now}`, answered once set). Sent SMS are
 * written to the test's `sms_log` table. Prints `ready` once the database is open; stops on SIGTERM.
 */
import "../../common/catalogs.ts";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { QUEUED_JOBS } from "../../server/jobs.ts";
import { RUNNER } from "../../server/modules/jobs/jobs.service.ts";
import { startQueue, type TQueuedJobDefinition } from "../../server/modules/jobs/queue.ts";
import { servicesFor } from "../../server/test/services.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
let clock = new Date(process.env.CLOCK as string);
const services = servicesFor(database.db, {
  logLevel: "warn",
  sms: {
    send: async (phone, text) => {
      await database.db.execute(sql`insert into sms_log (runner, phone, text) values (${RUNNER}, ${phone}, ${text})`);
    },
  },
  now: () => clock,
});

/** How long this worker's first job waits for the other worker to start one too (then goes on regardless). */
const OVERLAP_WAIT_MS = 20_000;
let joined = false;

/** Until both workers have taken a job, each waits in its first: the two certainly work side by side. */
async function together() {
  if (joined) return;
  await database.db.execute(sql`insert into queue_runners (runner) values (${RUNNER}) on conflict do nothing`);
  const deadline = Date.now() + OVERLAP_WAIT_MS;
  while (Date.now() < deadline) {
    const res = await database.db.execute(sql`select count(*)::int as n from queue_runners`);
    if ((res.rows[0] as { n: number }).n >= 2) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  joined = true;
}

/** The product's handlers, unchanged, each run after `together`. */
const defs: TQueuedJobDefinition[] = QUEUED_JOBS.map((d) => ({
  ...d,
  run: async (s, payload, job) => {
    await together();
    await d.run(s, payload, job);
  },
}));

process.on("message", (m: { now: string }) => {
  clock = new Date(m.now);
  process.send?.({ now: clock.toISOString() });
});

const stop = startQueue(services, defs, 20);
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  stop();
  database.close().finally(() => process.exit(0));
});
