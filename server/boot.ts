import { ConfigError, loadConfig, type TConfig } from "./config.ts";
import { createPaymentProvider } from "./modules/payments/payments.provider.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { seedDemo } from "./db/seed.ts";
import { seedRegistryDemo } from "./modules/burials/burials.seed.ts";
import { seedReviewsDemo } from "./modules/reviews/reviews.seed.ts";
import { seedHandoversDemo } from "./modules/handovers/handovers.seed.ts";
import { seedCareDemo } from "./modules/ennoblement/ennoblement.seed.ts";
import { writeDemoFiles } from "./db/demo-files.ts";
import { seedMemorialsDemo } from "./modules/memorials/memorials.seed.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { HttpSmsSender, LogSmsSender } from "./modules/auth/sms.ts";
import { startJobs } from "./modules/jobs/jobs.service.ts";
import { startQueue } from "./modules/jobs/queue.ts";
import { createStorage } from "./modules/uploads/storage.ts";
import { JOBS, QUEUED_JOBS } from "./jobs.ts";
import type { Services } from "./services.ts";

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
  logger.info({ appEnv: config.appEnv, nodeEnv: process.env.NODE_ENV ?? "unset" }, "starting");
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  logger.info({ database: database.kind }, "database ready, migrations applied");
  if (config.seedDemo) {
    const started = Date.now();
    // Servers started together on a fresh database seed one after the other (the seed is idempotent).
    await database.exclusive("seed", () =>
      database.db.transaction(async (tx) => {
        const { akimatId, managerId } = await seedDemo(tx);
        await seedRegistryDemo(tx, akimatId, managerId);
        await seedReviewsDemo(tx, akimatId);
        await seedHandoversDemo(tx, akimatId);
        await seedCareDemo(tx);
        await seedMemorialsDemo(tx);
      }),
    );
    logger.info({ ms: Date.now() - started }, "demo seed checked");
    logger.info("demo data in place");
  }
  if (config.authDevCode) logger.warn("AUTH_DEV_CODE is set: that code signs in any phone (never in production)");
  if (config.isProduction && !config.smsGateway) {
    logger.warn("APP_ENV=production without SMS_GATEWAY_URL: login codes are written to this log");
  }
  const sms = config.smsGateway
    ? new HttpSmsSender(config.smsGateway.url, config.smsGateway.token, logger)
    : new LogSmsSender(logger);
  const storage = await createStorage(config).catch((err: Error) => {
    logger.fatal(err.message);
    process.exit(1);
  });
  logger.info({ storage: config.s3 ? "s3" : "disk" }, "file storage ready");
  // The demo's files (grave care's photos, a hand-over's document) live in the file storage, opened after the seed.
  if (config.seedDemo) await writeDemoFiles(storage);
  const services: Services = {
    db: database.db,
    config,
    logger,
    sms,
    storage,
    payments: createPaymentProvider(config),
    now: () => new Date(),
  };
  // Timed work (the upload sweep) runs once per period across all app servers.
  startJobs(services, JOBS);
  // One-off jobs and the SMS outbox: each job once across all app servers, with retries.
  startQueue(services, QUEUED_JOBS);
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
