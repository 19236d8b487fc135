import { and, isNull, lt, or } from "drizzle-orm";
import type { TJobDefinition } from "../jobs/jobs.service.ts";
import { otpCodes, sessions } from "./auth.tables.ts";

/**
 * How long a login code's row is kept: the hourly limits per phone and per address look back one
 * hour, a registration ticket lives 30 minutes; a day covers both with room. The privacy notice
 * (`app/content/privacy.ts`) states these periods: change both together.
 */
export const KEEP_OTP_MS = 24 * 3600_000;

/**
 * A daily timed job (decision 009) that deletes what sign-in leaves behind once it has served: login
 * codes' rows (phone, address, the code's hash) after a day, and sessions past their expiry (a
 * session the person never used again would otherwise stay for ever).
 */
export const pruneAuthJob = {
  id: "auth.prune",
  everyMs: 24 * 3600_000,
  run: async (s) => {
    const now = s.now();
    await s.db
      .delete(otpCodes)
      .where(
        and(
          lt(otpCodes.createdAt, new Date(now.getTime() - KEEP_OTP_MS)),
          or(isNull(otpCodes.registrationExpiresAt), lt(otpCodes.registrationExpiresAt, now)),
        ),
      );
    await s.db.delete(sessions).where(lt(sessions.expiresAt, now));
  },
} satisfies TJobDefinition;
