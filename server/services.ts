import type { TConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Logger } from "./lib/logger.ts";
import type { SmsSender } from "./modules/auth/sms.ts";
import type { PaymentProvider } from "./modules/payments/payments.provider.ts";
import type { FileStorage } from "./modules/uploads/storage.ts";

/** Everything a request handler may use, built once at start-up (and by each test). */
export type Services = {
  db: Db;
  config: TConfig;
  logger: Logger;
  sms: SmsSender;
  /** Uploaded files (local disk by default). */
  storage: FileStorage;
  /** The online payment provider; null when none is configured (payment at the cemetery office only). */
  payments: PaymentProvider | null;
  /** The current time; tests move it to check expiry. */
  now: () => Date;
};
