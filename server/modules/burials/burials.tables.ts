import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { FOLD_FROM, FOLD_TO } from "../../../common/search-text.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";

/** A person buried in a plot. The IIN is private: never in a public answer, never searchable. */
export const burials = pgTable(
  "burials",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    plotId: integer()
      .notNull()
      .references(() => plots.id, { onDelete: "restrict" }),
    surname: text().notNull(),
    name: text().notNull().default(""),
    patronymic: text().notNull().default(""),
    iin: text(),
    birthDate: date(),
    deathDate: date(),
    burialDate: date(),
    isReburial: boolean().notNull().default(false),
    /** The grave's responsible person (ответственное лицо): the client who booked it. */
    responsibleUserId: integer().references(() => users.id, { onDelete: "set null" }),
    /**
     * When the remains were moved away (a reburial request carried out): the record stays as the
     * grave's history, but no longer occupies its place (free again, by the plots' status trigger)
     * and is no longer found by the search (the word index skips it, migration 0024) — the record at
     * the new place is.
     */
    reburiedAt: timestamp({ withTimezone: true }),
    /** The record at the new place, when it is a cemetery of the platform. */
    reburiedToBurialId: integer().references((): AnyPgColumn => burials.id),
    /** The new place outside the platform, as the request described it. */
    reburiedTo: text(),
    /** `spellName(surname name patronymic)`: the name as the search index spells it (lower case, no punctuation). */
    searchName: text().notNull(),

    birthYear: integer(),
    deathYear: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("burials_plot_idx").on(t.plotId),
    index("burials_years_idx").on(t.deathYear, t.birthYear),
    // The city's reports count a period's burials by cemetery (through the plot): an index-only
    // range of the period instead of reading every record (bench/reports.ts).
    index("burials_burial_date_idx").on(t.burialDate, t.plotId),
  ],
);

/**
 * Every word that occurs in burial records' names, as spelled, with its key and how many records hold it. The
 * search looks query words up here (as a prefix, inside a word, or with a typo, through the
 * trigram index) before it reads `burial_words`. Kept by the database's triggers on `burials`
 * (migration 0006); a word no record holds any more stays with `n = 0`.
 */
export const nameWords = pgTable(
  "name_words",
  {
    word: text().primaryKey(),
    n: integer().notNull().default(0),
    /**
     * The word's key (`foldWord` in common/search-text.ts, the same letters): what a query word's
     * key is looked up against, so that every spelling of a name is found and the exact one ranks first.
     */
    folded: text()
      .notNull()
      .generatedAlwaysAs(sql`translate(word, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`),
  },
  (t) => [index("name_words_folded_trgm_idx").using("gin", sql`${t.folded} gin_trgm_ops`)],
);

/**
 * One row per word of each burial record's folded name, carrying what the search filters and
 * orders by, so that a search reads one index and never the records themselves:
 * `burial_words_search_idx (word, search_name, burial_id) INCLUDE (words, cemetery_id,
 * birth_year, death_year)` is created in migration 0006 (Drizzle cannot declare INCLUDE).
 * Written only by the triggers on `burials`; never by the application.
 */
export const burialWords = pgTable(
  "burial_words",
  {
    word: text().notNull(),
    searchName: text().notNull(),
    burialId: integer().notNull(),
    cemeteryId: integer().notNull(),
    birthYear: integer(),
    deathYear: integer(),
    /** All the words of the name, for the other query words' checks. */
    words: text().array().notNull(),
  },
  (t) => [index("burial_words_burial_idx").on(t.burialId)],
);
