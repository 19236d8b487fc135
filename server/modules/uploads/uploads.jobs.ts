import type { TJobDefinition } from "../jobs/jobs.service.ts";
import { removeStaleUploads, SWEEP_INTERVAL_MS } from "./uploads.service.ts";

/** Files never attached to a record (after 24 h) and abandoned chunks (after 30 min) go; every 15 minutes, on one server only. */
export const sweepUploadsJob = {
  id: "uploads.sweep",
  everyMs: SWEEP_INTERVAL_MS,
  run: async (s) => {
    const removed = await removeStaleUploads(s);
    if (removed) s.logger.info({ removed }, "unattached uploads removed");
  },
} satisfies TJobDefinition;
