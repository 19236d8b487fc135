import { z } from "zod";

/**
 * Process configuration, read once from the environment and validated at start-up.
 * A wrong value stops the server with a message naming the variable.
 */
const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", "on", "off"])
  .transform((v) => ["1", "true", "yes", "on"].includes(v));

const ZEnv = z
  .object({
    // Only chooses React's and React Router's builds (`npm start` sets production); the product's
    // own rules for a real deployment follow APP_ENV.
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    APP_ENV: z.enum(["demo", "production"]).default("demo"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./.data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    SEED_DEMO: booleanFlag.optional(),
    AUTH_DEV_CODE: z
      .string()
      .regex(/^\d{6}$/, "must be exactly 6 digits")
      .optional(),
    /** Unset: `http://localhost:<PORT>` (a demo on this machine). */
    PUBLIC_URL: z.url().optional(),
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    MAP_TILE_URL: z
      .url()
      .refine((u) => ["{z}", "{x}", "{y}"].every((p) => u.includes(p)), "must contain {z}, {x} and {y}")
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    OTP_IP_HOURLY_LIMIT: z.coerce.number().int().min(1).default(30),
    OTP_PHONE_HOURLY_LIMIT: z.coerce.number().int().min(1).default(5),
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    /** Online payments: `fake` (a local stand-in for demos and tests) or `none` (office only). */
    PAYMENT_PROVIDER: z.enum(["fake", "none"]).optional(),
    PAYMENT_FAKE_SECRET: z.string().min(8).default("demo-fake-payment-provider"),
  })
  .superRefine((env, ctx) => {
    // A real deployment (APP_ENV=production): no code that signs anyone in, no made-up people in
    // the registry, and an https address, without which the Secure session cookie never returns.
    if (env.APP_ENV === "production") {
      if (env.AUTH_DEV_CODE) {
        ctx.addIssue({
          code: "custom",
          path: ["AUTH_DEV_CODE"],
          message: "is refused when APP_ENV=production: it would let anyone log in",
        });
      }
      if (env.PAYMENT_PROVIDER === "fake") {
        ctx.addIssue({
          code: "custom",
          path: ["PAYMENT_PROVIDER"],
          message: "fake is refused when APP_ENV=production: it pays without money",
        });
      }
      if (env.SEED_DEMO) {
        ctx.addIssue({
          code: "custom",
          path: ["SEED_DEMO"],
          message: "is refused when APP_ENV=production: demo accounts and records must never reach real data",
        });
      }
      if (!env.PUBLIC_URL?.startsWith("https://")) {
        ctx.addIssue({
          code: "custom",
          path: ["PUBLIC_URL"],
          message: "must be an https:// address when APP_ENV=production (session cookies are Secure)",
        });
      }
    }
    const s3Keys = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
    if (s3Keys === 1) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
      });
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || s3Keys > 0)) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when other S3_* settings are set" });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_GATEWAY_TOKEN"],
        message: "is required when SMS_GATEWAY_URL is set",
      });
    }
  });

/** Where uploaded files go when they leave the local disk: an S3-compatible bucket. */
export type TS3Config = {
  bucket: string;
  /** Unset: AWS itself; set: any S3-compatible service (MinIO, Yandex Object Storage, s3rver...). */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's usual sources (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` addresses instead of `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
};

export type TConfig = {
  nodeEnv: "development" | "production" | "test";
  /** `production`: a real deployment (no dev code, Secure cookies, no demo data); `demo` otherwise. */
  appEnv: "demo" | "production";
  /** A real deployment (APP_ENV=production), whatever NODE_ENV says. */
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  authDevCode: string | undefined;
  publicUrl: string;
  smsGateway: { url: string; token: string } | undefined;
  /** The online payment provider: the local fake (demos, tests) or none (office payment only). */
  payments: { provider: "fake"; secret: string } | null;
  logLevel: string;
  /** Base map tiles (OpenStreetMap style `https://host/{z}/{x}/{y}.png`); unset: maps draw on a plain background. */
  mapTileUrl: string | undefined;
  bodyLimitBytes: number;
  /** One-time codes one IP address may ask for in an hour. */
  otpIpHourlyLimit: number;
  /** Login codes one phone may ask for in an hour. */
  otpPhoneHourlyLimit: number;
  /**
   * Reverse proxies in front of the app that append the visitor's address to `X-Forwarded-For`
   * (0: none, the socket's address is the visitor's). Rate limits per address depend on it.
   */
  trustProxy: number;
  /** Set: uploaded files live in this bucket (needed with several app servers); unset: local disk. */
  s3: TS3Config | undefined;
};

export class ConfigError extends Error {}

/** Empty strings count as unset, as in most .env tooling. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === "production";
  return {
    nodeEnv: e.NODE_ENV,
    appEnv: e.APP_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    authDevCode: e.AUTH_DEV_CODE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    payments:
      (e.PAYMENT_PROVIDER ?? (isProduction ? "none" : "fake")) === "fake"
        ? { provider: "fake", secret: e.PAYMENT_FAKE_SECRET }
        : null,
    logLevel: e.LOG_LEVEL,
    mapTileUrl: e.MAP_TILE_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    otpIpHourlyLimit: e.OTP_IP_HOURLY_LIMIT,
    otpPhoneHourlyLimit: e.OTP_PHONE_HOURLY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
  };
}
