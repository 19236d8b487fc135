import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../config.ts";
import type { Db } from "../db/client.ts";
import { createLogger } from "../lib/logger.ts";
import type { SmsSender } from "../modules/auth/sms.ts";
import { DiskStorage } from "../modules/uploads/storage.ts";
import type { Services } from "../services.ts";

/**
 * The services of a bench or of a process of the cluster tests, on `db`: the test configuration, a
 * logger at `logLevel` (silent by default), no online payments, SMS dropped unless `sms` keeps them,
 * files on a temporary disk, and the real clock unless `now` gives another. (The unit tests' harness
 * builds its own, with a configuration and an SMS sender tests can read.)
 */
export function servicesFor(
  db: Db,
  opts: { now?: () => Date; sms?: SmsSender; logLevel?: "silent" | "warn" } = {},
): Services {
  const level = opts.logLevel ?? "silent";
  return {
    db,
    config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: level }),
    logger: createLogger(level),
    sms: opts.sms ?? { send: async () => {} },
    storage: new DiskStorage(path.join(tmpdir(), "bench-uploads")),
    payments: null,
    now: opts.now ?? (() => new Date()),
  };
}
