import type { TJobDefinition } from "./modules/jobs/jobs.service.ts";
import { sweepUploadsJob } from "./modules/uploads/uploads.jobs.ts";

/** Every timed job of the product; each runs once per period across all app servers (decision 009). */
export const JOBS: readonly TJobDefinition[] = [sweepUploadsJob];
