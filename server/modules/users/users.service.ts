import { and, eq, ne } from "drizzle-orm";
import type { Locale } from "../../../common/locale.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { users } from "./users.tables.ts";

/** A phone that has an account already: 409 next to the phone field. */
export const phoneTaken = () => new AppError(409, "phone_taken", {}, [{ path: "phone", key: "errors.phone_taken" }]);

/**
 * Creates an invited account (an organisation's new person): the person signs in with a code sent
 * to that phone, there is nothing else to hand over. A phone with an account already — found first,
 * or registered meanwhile — is `phoneTaken`.
 */
export async function insertInvitedAccount(
  tx: Queryable,
  values: Omit<typeof users.$inferInsert, "status">,
): Promise<typeof users.$inferSelect> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, values.phone));
  if (existing) throw phoneTaken();
  const [row] = await tx
    .insert(users)
    .values({ ...values, status: "invited" })
    .onConflictDoNothing()
    .returning();
  if (!row) throw phoneTaken();
  return row;
}

/** The person's language, which their SMS and notifications follow (their latest choice). */
export async function setUserLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}

/** An organisation's person as its people lists show them (an akimat's staff, a company's people). */
export function personOfAccount(u: typeof users.$inferSelect) {
  return {
    id: u.id,
    phone: u.phone,
    surname: u.surname,
    name: u.name,
    patronymic: u.patronymic,
    status: u.status,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
