import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { fullName } from "../../../common/person.ts";
import { and, count, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { translate } from "../../../common/i18n.ts";
import type { TSessionUser } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { hourBefore, lockQuota } from "../../lib/hourly-quota.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { countUnread, tell } from "../notifications/notifications.service.ts";
import { akimats, suppliers } from "../users/organisations.tables.ts";
import { holders } from "../access/audiences.ts";
import { linkTo } from "../../../common/route-table.ts";
import { accountNotices } from "../auth/auth.notices.ts";
import { users } from "../users/users.tables.ts";
import { otpCodes, sessions } from "./auth.tables.ts";

/** Login rules. */
export const OTP = {
  /** A code lives 5 minutes. */
  ttlSec: 300,
  /** A new code for the same phone only after 60 s. */
  resendSec: 60,
  /** Five wrong tries void a code. */
  maxAttempts: 5,
  /** After a successful check, a phone with no account has 30 minutes to register. */
  registrationTtlSec: 1800,
} as const;

/** Sessions last 30 days from login. */
export const SESSION_TTL_SEC = 30 * 24 * 60 * 60;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const hashCode = (phone: string, code: string) => sha256(`otp:${phone}:${code}`);
export const hashToken = (token: string) => sha256(`session:${token}`);

function sameHash(a: string, b: string): boolean {
  const ab = Buffer.from(a, "hex");
  const bb = Buffer.from(b, "hex");
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

type UserRow = typeof users.$inferSelect;

export function toSessionUser(u: UserRow): TSessionUser {
  return {
    id: u.id,
    phone: u.phone,
    role: u.role,
    surname: u.surname,
    name: u.name,
    patronymic: u.patronymic,
    fullName: fullName(u),
    akimatId: u.akimatId,
    akimatRole: u.akimatRole,
    supplierId: u.supplierId,
    supplierRole: u.supplierId ? (u.supplierRole ?? "owner") : null,
    locale: u.locale,
  };
}

/**
 * Sends a login code by SMS, within the limits: one unanswered code a minute per phone, and hourly
 * limits per phone and per address (`OTP_PHONE_HOURLY_LIMIT`, `OTP_IP_HOURLY_LIMIT`).
 *
 * With `AUTH_DEV_CODE` (a demo; never in production) a limit never locks the login out: where it
 * refuses an SMS, none is sent and no code is made, but the answer still leads to the code step
 * (`isSmsSent: false`), where the dev code signs in. The limits keep capping the real SMS of every
 * phone and address; only the demo's own code gets through.
 */
export async function requestOtp(
  s: Services,
  input: { phone: string; ip: string; locale: Locale },
): Promise<{ requestId: string | null; expiresInSec: number; resendInSec: number; isSmsSent: boolean }> {
  const now = s.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // The limits' counts and the new code under the phone's and the address's locks (in that order,
  // always): requests at once, on any app server, cannot all find the last place free.
  const made = await s.db.transaction(async (tx) => {
    await lockQuota(tx, `otp-phone:${input.phone}`);
    await lockQuota(tx, `otp-ip:${input.ip}`);
    const refusal = await otpRefusal(tx, s, input);
    if (refusal) return { refusal };
    const [row] = await tx
      .insert(otpCodes)
      .values({
        phone: input.phone,
        codeHash: hashCode(input.phone, code),
        ip: input.ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP.ttlSec * 1000),
      })
      .returning({ id: otpCodes.id });
    return { id: (row as { id: string }).id };
  });
  if ("refusal" in made) {
    const hasDevCode = s.config.authDevCode !== undefined && !s.config.isProduction;
    if (!hasDevCode) throw made.refusal;
    return { requestId: null, expiresInSec: OTP.ttlSec, resendInSec: OTP.resendSec, isSmsSent: false };
  }
  await s.sms.send(input.phone, translate(input.locale, "auth.sms_text", { code }));
  return {
    requestId: made.id,
    expiresInSec: OTP.ttlSec,
    resendInSec: OTP.resendSec,
    isSmsSent: true,
  };
}

/** Why a new code may not be sent to this phone from this address now (a 429), or null. */
async function otpRefusal(db: Queryable, s: Services, input: { phone: string; ip: string }): Promise<AppError | null> {
  const now = s.now();
  const hourAgo = hourBefore(now);
  // The wait is between unanswered codes: once a code was used, the person has their phone in
  // hand and may sign in again at once. The hourly limits below still cap every phone and IP.
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, input.phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (last) {
    const waitSec = Math.ceil((last.createdAt.getTime() + OTP.resendSec * 1000 - now.getTime()) / 1000);
    if (waitSec > 0) return new AppError(429, "otp_resend_too_soon", { seconds: waitSec });
  }
  const [perPhone] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, input.phone), gt(otpCodes.createdAt, hourAgo)));
  if ((perPhone?.n ?? 0) >= s.config.otpPhoneHourlyLimit) return new AppError(429, "otp_phone_limit");
  const [perIp] = await db
    .select({ n: count() })
    .from(otpCodes)
    .where(and(eq(otpCodes.ip, input.ip), gt(otpCodes.createdAt, hourAgo)));
  if ((perIp?.n ?? 0) >= s.config.otpIpHourlyLimit) return new AppError(429, "otp_ip_limit");
  return null;
}

export type VerifyResult =
  | { kind: "session"; token: string; user: TSessionUser }
  | { kind: "register"; registrationToken: string };

/**
 * Checks a code against the newest code of the phone. Wrong tries are counted on that code and
 * void it at five. `AUTH_DEV_CODE`, when configured (never in production), is accepted too.
 */
export async function verifyOtp(
  s: Services,
  input: { phone: string; code: string; locale?: Locale },
): Promise<VerifyResult> {
  const now = s.now();
  const { db } = s;
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, input.phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  const devCode = s.config.authDevCode;
  const isDevCode = devCode !== undefined && !s.config.isProduction && input.code === devCode;

  if (!isDevCode) {
    if (!latest) throw new AppError(400, "otp_no_code");
    if (latest.attempts >= OTP.maxAttempts) throw new AppError(400, "otp_too_many_attempts");
    if (latest.expiresAt.getTime() <= now.getTime()) throw new AppError(400, "otp_expired");
    // Security note: a try is claimed in one conditional update before the code is compared, so
    // parallel guesses cannot all read "0 tries" and all be compared: whatever the concurrency
    // (PostgreSQL with a pool of connections), at most `maxAttempts` guesses ever reach the check.
    const [claimed] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, latest.id), lt(otpCodes.attempts, OTP.maxAttempts), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    if (!claimed) throw new AppError(400, "otp_too_many_attempts");
    if (!sameHash(latest.codeHash, hashCode(input.phone, input.code))) {
      const left = OTP.maxAttempts - claimed.attempts;
      if (left <= 0) throw new AppError(400, "otp_too_many_attempts");
      throw new AppError(400, "otp_invalid", { left });
    }
  }

  return db.transaction(async (tx) => {
    let otpId = latest?.id;
    if (otpId) {
      // Used once: of two parallel checks of the right code, only the first signs in.
      const [consumed] = await tx
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, otpId), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      if (!consumed && !isDevCode) throw new AppError(400, "otp_no_code");
      if (!consumed) otpId = undefined;
    }
    const [user] = await tx.select().from(users).where(eq(users.phone, input.phone)).limit(1);
    if (user) {
      const token = await createSession(tx, user.id, now);
      const wasInvited = user.status === "invited";
      // Signing in from a page in a language is a choice of it: messages follow it (issue 13).
      const locale = input.locale ?? user.locale;
      await tx.update(users).set({ lastLoginAt: now, status: "active", locale }).where(eq(users.id, user.id));
      if (wasInvited) {
        await writeAudit(tx, {
          actor: { id: user.id, role: user.role },
          entityType: "user",
          entityId: user.id,
          action: "first_login",
          from: "invited",
          to: "active",
        });
      }
      return { kind: "session" as const, token, user: toSessionUser({ ...user, locale }) };
    }
    // A phone with no account: hand out a registration ticket bound to this verified phone.
    if (!otpId) {
      const [row] = await tx
        .insert(otpCodes)
        .values({
          phone: input.phone,
          codeHash: "dev",
          ip: "dev",
          createdAt: now,
          expiresAt: now,
          consumedAt: now,
        })
        .returning({ id: otpCodes.id });
      otpId = (row as { id: string }).id;
    }
    const registrationToken = randomBytes(24).toString("base64url");
    await tx
      .update(otpCodes)
      .set({
        registrationHash: hashToken(registrationToken),
        registrationExpiresAt: new Date(now.getTime() + OTP.registrationTtlSec * 1000),
      })
      .where(eq(otpCodes.id, otpId));
    return { kind: "register" as const, registrationToken };
  });
}

export async function createSession(tx: Queryable, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SEC * 1000),
  });
  return token;
}

/** The user behind a token, or null when the token is unknown or expired. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
): Promise<{ user: TSessionUser; sessionId: number } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, row.session.id));
    return null;
  }
  return { user: toSessionUser(row.user), sessionId: row.session.id };
}

/**
 * Removes an account (an akimat's employee, a manager): its sessions end at once, then the row
 * goes; what refers to it follows the foreign keys. The caller writes the audit row.
 */
export async function deleteAccount(tx: Queryable, userId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(users).where(eq(users.id, userId));
}

/** `GET /me`: the signed-in person, the organisation they speak for, their unread notifications. */
export async function getMe(db: Db, user: TSessionUser, locale: Locale) {
  let organisation: { kind: "akimat" | "supplier"; id: number; name: string; status?: string } | null = null;
  if (user.akimatId) {
    const [a] = await db.select().from(akimats).where(eq(akimats.id, user.akimatId));
    if (a) organisation = { kind: "akimat", id: a.id, name: locale === "kk" ? a.nameKk : a.nameRu };
  } else if (user.supplierId) {
    const [sup] = await db.select().from(suppliers).where(eq(suppliers.id, user.supplierId));
    if (sup) organisation = { kind: "supplier", id: sup.id, name: sup.companyName, status: sup.status };
  }
  return { user, organisation, unreadNotifications: await countUnread(db, user.id) };
}

export async function deleteSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** The phone a registration ticket was issued for; consumes the ticket. */
async function takeRegistration(tx: Queryable, token: string, now: Date): Promise<string> {
  const [row] = await tx
    .select()
    .from(otpCodes)
    .where(eq(otpCodes.registrationHash, hashToken(token)))
    .limit(1);
  if (!row?.registrationExpiresAt || row.registrationExpiresAt.getTime() <= now.getTime()) {
    throw new AppError(400, "registration_expired");
  }
  await tx.update(otpCodes).set({ registrationHash: null, registrationExpiresAt: null }).where(eq(otpCodes.id, row.id));
  return row.phone;
}

export type TRegisterClient = {
  registrationToken: string;
  iin: string;
  surname: string;
  name: string;
  patronymic: string;
  locale: Locale;
};

/**
 * The frame of every registration: consume the ticket of the verified phone, make sure the phone
 * is still free, create the account, and sign it in, all in one transaction.
 */
async function register(
  s: Services,
  registrationToken: string,
  create: (tx: Queryable, phone: string, now: Date) => Promise<UserRow>,
): Promise<{ token: string; user: TSessionUser }> {
  const now = s.now();
  return s.db.transaction(async (tx) => {
    const phone = await takeRegistration(tx, registrationToken, now);
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    if (existing) throw new AppError(409, "phone_taken");
    const user = await create(tx, phone, now);
    return { token: await createSession(tx, user.id, now), user: toSessionUser(user) };
  });
}

export async function registerClient(
  s: Services,
  input: TRegisterClient,
): Promise<{ token: string; user: TSessionUser }> {
  return register(s, input.registrationToken, async (tx, phone, now) => {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.iin, input.iin));
    if (taken) {
      throw new AppError(409, "iin_taken", {}, [{ path: "iin", key: "errors.iin_taken" }]);
    }
    const [user] = await tx
      .insert(users)
      .values({
        phone,
        role: "client",
        surname: input.surname,
        name: input.name,
        patronymic: input.patronymic,
        iin: input.iin,
        locale: input.locale,
        consentAt: now,
        lastLoginAt: now,
      })
      .returning();
    const u = user as UserRow;
    await writeAudit(tx, {
      actor: { id: u.id, role: "client" },
      entityType: "user",
      entityId: u.id,
      action: "register",
      to: "active",
    });
    await tell(tx, [accountNotices.welcome(u.id, { name: u.name })]);
    return u;
  });
}

export type TRegisterSupplier = {
  registrationToken: string;
  bin: string;
  companyName: string;
  headName: string;
  city: string;
  isVatPayer: boolean;
  description: string;
  locale: Locale;
};

export async function registerSupplier(
  s: Services,
  input: TRegisterSupplier,
): Promise<{ token: string; user: TSessionUser }> {
  return register(s, input.registrationToken, async (tx, phone, now) => {
    const [taken] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.bin, input.bin));
    if (taken) {
      throw new AppError(409, "bin_taken", {}, [{ path: "bin", key: "errors.bin_taken" }]);
    }
    const [supplier] = await tx
      .insert(suppliers)
      .values({
        bin: input.bin,
        companyName: input.companyName,
        headName: input.headName,
        city: input.city,
        isVatPayer: input.isVatPayer,
        description: input.description,
        status: "pending",
      })
      .returning();
    const sup = supplier as typeof suppliers.$inferSelect;
    const [surname = "", name = "", ...rest] = input.headName.trim().split(/\s+/);
    const [user] = await tx
      .insert(users)
      .values({
        phone,
        role: "supplier",
        supplierId: sup.id,
        supplierRole: "owner",
        surname,
        name,
        patronymic: rest.join(" "),
        locale: input.locale,
        consentAt: now,
        lastLoginAt: now,
      })
      .returning();
    const u = user as UserRow;
    await writeAudit(tx, {
      actor: { id: u.id, role: "supplier" },
      entityType: "supplier",
      entityId: sup.id,
      action: "register",
      to: "pending",
    });
    const company = sup.companyName;
    const review = linkTo("admin-suppliers", {}, { status: "pending" });
    await tell(tx, [
      accountNotices.supplier_registered(u.id, { company }, { link: linkTo("supplier-profile", {}) }),
      ...(await holders(tx, "suppliers.review", "platform")).map((id) =>
        accountNotices.supplier_needs_review(id, { company }, { link: review }),
      ),
    ]);
    return u;
  });
}
