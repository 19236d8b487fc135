import { type SQL, sql } from "drizzle-orm";
import { foldName } from "../../../common/search-text.ts";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { reburialRequests } from "../reburials/reburials.tables.ts";
import { users } from "../users/users.tables.ts";

export const BURIAL_REQUEST_STATUSES = ["pending", "paid", "confirmed", "completed", "cancelled", "expired"] as const;
/**
 * A new grave (one to four adjacent places), into an existing family grave, an urn in a new place,
 * or a reburial (the remains of a grave moved here on the akimat's approval: `reburial_id`).
 */
export const BURIAL_KINDS = ["new_grave", "family_grave", "urn", "reburial"] as const;
export const REMAINS = ["coffin", "urn"] as const;
/** `free`: nothing to pay (the fee 0: waived by the akimat for a reburial, or a cemetery without one); settled by itself. */
export const PAYMENT_METHODS = ["office", "online", "free"] as const;

/**
 * The letters a name key folds, for the database's `translate()`: upper case to lower case, `ё` to
 * `е`, and the Kazakh letters, `й` and `э` to their look-alikes as `foldName` does
 * (common/search-text.ts); the soft and hard signs, past the end of `to`, are dropped. Written out
 * rather than left to `lower()`, whose Cyrillic depends on the database's locale.
 */
const KEY_LETTERS = (() => {
  const letters = [..."АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЫЭЮЯӘҒҚҢӨҰҮҺІёәғқңөұүһійэ"];
  const from = letters.join("");
  const to = letters.map((c) => foldName(c)).join("");
  if (to.length !== from.length) throw new Error("a name key letter folds to nothing");
  return { from: `${from}ЬЪьъ`, to };
})();

/** The key of a request's deceased (`surname name patronymic`) as `foldName` makes it, computed by the database. */
function deceasedKeySql(): SQL {
  const name = sql.raw(`lower(surname || ' ' || name || ' ' || patronymic)`);
  return sql`translate(${name}, ${sql.raw(`'${KEY_LETTERS.from}'`)}, ${sql.raw(`'${KEY_LETTERS.to}'`)})`;
}

/**
 * A family's booking of a place and its burial (PRODUCT.md §3): `pending` while its hold runs
 * (`expires_at`), `paid` (at the cemetery office or online), `confirmed` by the cemetery,
 * `completed` (the burial record exists); `cancelled` with a reason, or `expired` unpaid. Its
 * places are the rows of `plot_holds`. Statuses change only through its machine
 * (`burial-requests.machine.ts`).
 */
export const burialRequests = pgTable(
  "burial_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer()
      .notNull()
      .references(() => users.id),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id),
    status: text({ enum: BURIAL_REQUEST_STATUSES }).notNull().default("pending"),
    kind: text({ enum: BURIAL_KINDS }).notNull(),
    remains: text({ enum: REMAINS }).notNull().default("coffin"),
    /** Into a family grave: the relative's burial record whose grave receives this burial. */
    familyBurialId: integer().references(() => burials.id),
    /** A reburial: the approved reburial request this booking carries out (its remains, its fee waiver). */
    reburialId: integer().references(() => reburialRequests.id),
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    /** The deceased's IIN (check digit verified); private to the family and the cemetery's staff. */
    iin: text().notNull(),
    birthDate: date(),
    deathDate: date().notNull(),
    places: integer().notNull(),
    /** Cemetery fee × places, in tenge, fixed when booked. */
    fee: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** The chosen slot, in the cemetery's local time (Asia/Almaty). */
    burialDate: date(),
    burialTime: text(),
    paymentMethod: text({ enum: PAYMENT_METHODS }),
    paidAt: timestamp({ withTimezone: true }),
    /** Office receipt number, or the payment provider's reference. */
    paymentRef: text(),
    confirmedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    /** The burial record that completing the request created. */
    burialId: integer().references(() => burials.id),
    cancelReason: text(),
    /**
     * The deceased's name as the staff's search compares it (`foldName` of surname, name and
     * patronymic): `жолдасбеков серик абенулы`; a typed name is looked up as a prefix of it.
     */
    deceasedKey: text().notNull().generatedAlwaysAs(deceasedKeySql),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("burial_requests_client_idx").on(t.clientId, t.createdAt),
    index("burial_requests_cemetery_idx").on(t.cemeteryId, t.status, t.createdAt),
    index("burial_requests_slot_idx").on(t.cemeteryId, t.burialDate, t.burialTime),
    index("burial_requests_deceased_key_idx").on(t.deceasedKey.op("text_pattern_ops")),
    index("burial_requests_reburial_idx").on(t.reburialId),
  ],
);

/**
 * A request's hold on a place. `held_from`..`held_until` is the time it owns the place (until its
 * expiry; open-ended once paid); `released_at` ends it (cancelled, expired, completed). Migration 0014
 * adds `EXCLUDE USING gist (plot_id WITH =, tstzrange(held_from, held_until) WITH &&) WHERE
 * (released_at IS NULL)`: two live holds never own one place, and a hold past its expiry stops
 * blocking at once, before any job releases it. Triggers there keep `plots.status` following the
 * holds and the burial records.
 */
export const plotHolds = pgTable(
  "plot_holds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer()
      .notNull()
      .references(() => burialRequests.id, { onDelete: "cascade" }),
    plotId: integer()
      .notNull()
      .references(() => plots.id),
    heldFrom: timestamp({ withTimezone: true }).notNull(),
    heldUntil: timestamp({ withTimezone: true }),
    releasedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("plot_holds_request_idx").on(t.requestId),
    index("plot_holds_live_idx").on(t.plotId).where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * A calendar feed of a cemetery's burials for its gravediggers' phones (`/calendar/{token}.ics`).
 * Calendar apps cannot sign in, so the address itself is the key: a random 32-byte token, shown
 * once when the feed is made; only its SHA-256 is stored (as sessions store theirs), so a copy of
 * the database does not open the feeds. A revoked feed answers 404 from then on.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cemeteryId: integer()
      .notNull()
      .references(() => cemeteries.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_uq").on(t.tokenHash),
    index("calendar_feeds_cemetery_idx").on(t.cemeteryId),
  ],
);
