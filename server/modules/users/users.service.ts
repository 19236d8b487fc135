import { and, eq, ne } from "drizzle-orm";
import type { Locale } from "../../../common/locale.ts";
import type { Db } from "../../db/client.ts";
import { users } from "./users.tables.ts";

/** The person's language, which their SMS and notifications follow (their latest choice). */
export async function setUserLocale(db: Db, userId: number, locale: Locale): Promise<void> {
  await db
    .update(users)
    .set({ locale })
    .where(and(eq(users.id, userId), ne(users.locale, locale)));
}
