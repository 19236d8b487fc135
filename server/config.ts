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
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
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
    PUBLIC_URL: z.url().default("http://localhost:3000"),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.AUTH_DEV_CODE) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_DEV_CODE"],
        message: "is refused when NODE_ENV=production: it would let anyone log in",
      });
    }
    if (env.SMS_GATEWAY_URL && !env.SMS_GATEWAY_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["SMS_GATEWAY_TOKEN"],
        message: "is required when SMS_GATEWAY_URL is set",
      });
    }
  });

export type TConfig = {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  authDevCode: string | undefined;
  publicUrl: string;
  smsGateway: { url: string; token: string } | undefined;
  logLevel: string;
  /** Base map tiles (OpenStreetMap style `https://host/{z}/{x}/{y}.png`); unset: maps draw on a plain background. */
  mapTileUrl: string | undefined;
  bodyLimitBytes: number;
  /** One-time codes one IP address may ask for in an hour. */
  otpIpHourlyLimit: number;
  /** Login codes one phone may ask for in an hour. */
  otpPhoneHourlyLimit: number;
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
  const isProduction = e.NODE_ENV === "production";
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    authDevCode: e.AUTH_DEV_CODE,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ""),
    smsGateway:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN ? { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN } : undefined,
    logLevel: e.LOG_LEVEL,
    mapTileUrl: e.MAP_TILE_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    otpIpHourlyLimit: e.OTP_IP_HOURLY_LIMIT,
    otpPhoneHourlyLimit: e.OTP_PHONE_HOURLY_LIMIT,
  };
}
