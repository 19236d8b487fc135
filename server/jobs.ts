import type { TJobDefinition } from "./modules/jobs/jobs.service.ts";
import { pruneAuthJob } from "./modules/auth/auth.jobs.ts";
import { smsJob } from "./modules/jobs/outbox.ts";
import { pruneJobsJob, type TQueuedJobDefinition } from "./modules/jobs/queue.ts";
import { sweepUploadsJob } from "./modules/uploads/uploads.jobs.ts";
import { appealMachine } from "./modules/appeals/appeals.machine.ts";
import { burialRequestMachine } from "./modules/burial-requests/burial-requests.machine.ts";
import { timersJob } from "./modules/workflow/workflow.ts";

/** Every timed job of the product; each runs once per period across all app servers (decision 009). */
export const JOBS: readonly TJobDefinition[] = [sweepUploadsJob, pruneJobsJob, pruneAuthJob];

/** The workflow machines that declare timers (`timers` of `defineMachine`): the timers' job fires theirs. */
const TIMED_MACHINES = [burialRequestMachine, appealMachine];

/**
 * Every kind of queued (one-off) job: each job runs once at or after its time across all app
 * servers, with retries (decision 012). A module adds its handler here; `enqueue` adds the jobs.
 */
export const QUEUED_JOBS: readonly TQueuedJobDefinition[] = [smsJob, timersJob(TIMED_MACHINES)];
