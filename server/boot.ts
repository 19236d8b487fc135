import { ConfigError, loadConfig, type TConfig } from "./config.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { seedDemo } from "./db/seed.ts";
import { seedRegistryDemo } from "./modules/registry/registry.seed.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { HttpSmsSender, LogSmsSender } from "./modules/auth/sms.ts";
import { DiskStorage } from "./modules/uploads/storage.ts";
import { removeStaleUploads, SWEEP_INTERVAL_MS } from "./modules/uploads/uploads.service.ts";
import type { Services } from "./services.ts";
import path from "node:path";

/**
 * Shared start-up of the production and development servers: configuration (a wrong value
 * stops the process naming the variable), database with migrations, demo seed, services.
 */
export async function boot(): Promise<{ services: Services; database: Database; config: TConfig; logger: Logger }> {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logger.info({ database: database.kind }, "database ready, migrations applied");
  if (config.seedDemo) {
    const started = Date.now();
    await database.db.transaction(async (tx) => {
      const { akimatId, managerId } = await seedDemo(tx);
      await seedRegistryDemo(tx, akimatId, managerId);
    });
    logger.info({ ms: Date.now() - started }, "demo seed checked");
    logger.info("demo data in place");
  }
  if (config.authDevCode) logger.warn("AUTH_DEV_CODE is set: that code signs in any phone (never in production)");
  const sms = config.smsGateway
    ? new HttpSmsSender(config.smsGateway.url, config.smsGateway.token, logger)
    : new LogSmsSender(logger);
  const storage = new DiskStorage(path.join(config.dataDir, "uploads"));
  const services: Services = { db: database.db, config, logger, sms, storage, now: () => new Date() };
  // Files never attached to a record go after 24 hours, files sent in parts and abandoned after 30
  // minutes; checked at start and every 15 minutes.
  const sweep = () =>
    removeStaleUploads(services)
      .then((n) => n && logger.info({ removed: n }, "unattached uploads removed"))
      .catch((err) => logger.error({ err }, "upload sweep failed"));
  void sweep();
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  return { services, database, config, logger };
}

/** Closes the server and the database on SIGINT / SIGTERM. */
export function closeOnSignals(close: () => Promise<void>, logger: Logger) {
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      logger.info({ signal }, "shutting down");
      close()
        .catch((err) => logger.error({ err }, "shutdown failed"))
        .finally(() => process.exit(0));
    });
  }
}
