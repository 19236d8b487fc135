/**
 * A queue worker process for `queue.test.ts`: the job queue of an app server (`startQueue`) with
 * one test kind, on the PostgreSQL of DATABASE_URL. Prints `ready` once the database is open;
 * stops on SIGTERM.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.ts";
import { RUNNER } from "../../server/modules/jobs/jobs.service.ts";
import { startQueue, type TQueuedJobDefinition } from "../../server/modules/jobs/queue.ts";
import { servicesFor } from "../../server/test/services.ts";

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const services = servicesFor(database.db, { logLevel: "warn" });

/** How long a first job waits for the other worker to take one too (then goes on regardless). */
const OVERLAP_WAIT_MS = 20_000;
const started = Date.now();

const recordJob: TQueuedJobDefinition<{ i: number }> = {
  kind: "cluster.record",
  run: async (s, { i }, job) => {
    await s.db.execute(
      sql`insert into queue_executions (job_id, i, runner, attempt) values (${job.id}, ${i}, ${RUNNER}, ${job.attempt})`,
    );
    // Until both workers have run a job, each waits here: the two certainly work side by side
    // instead of one finishing the lot before the other's first poll.
    while (Date.now() - started < OVERLAP_WAIT_MS) {
      const res = await s.db.execute(sql`select count(distinct runner)::int as n from queue_executions`);
      if ((res.rows[0] as { n: number }).n >= 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
  },
};

const stop = startQueue(services, [recordJob], 20);
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  stop();
  database.close().finally(() => process.exit(0));
});
