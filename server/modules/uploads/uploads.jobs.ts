import type { TJobDefinition } from "../jobs/jobs.service.ts";
import { removeStaleUploads } from "./uploads.service.ts";

/** Files never attached to a record, and abandoned chunks, go once an hour (on one server only). */
export const sweepUploadsJob = {
  id: "uploads.sweep",
  everyMs: 3600_000,
  run: async (s) => {
    const removed = await removeStaleUploads(s);
    if (removed) s.logger.info({ removed }, "unattached uploads removed");
  },
} satisfies TJobDefinition;
