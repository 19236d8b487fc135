import { eq, type SQL, sql } from "drizzle-orm";
import type { TBurialSearchPage, TPublicBurial, TPublicPlot } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import { type SearchKey, type SearchToken, searchTokens } from "../../../common/search-text.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { cemeteryAddressIn, plotFacts } from "../cemeteries/cemeteries.service.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";

export const SEARCH_PAGE_SIZE = 20;
/**
 * How alike a mistyped query word and a word of the registry must be (pg_trgm similarity of the
 * whole words). 0.5 lets one wrong letter through, even in the middle of a name (Жумобаев →
 * Жумабаев: 6 trigrams shared of 12), but not a longer word that only starts alike (Иваноф →
 * Иванович).
 */
export const WORD_SIMILARITY = 0.5;

type Row = {
  id: number;
  /** Read by the grave's own page only (the search never finds a reburied record). */
  reburied_at?: string | Date | null;
  reburied_to_burial_id?: number | null;
  reburied_to?: string | null;
  surname: string;
  name: string;
  patronymic: string;
  birth_year: number | null;
  death_year: number | null;
  burial_date: string | Date | null;
  cemetery_id: number;
  name_ru: string;
  name_kk: string;
  address: string;
  address_kk: string;
  sector: string;
  row: string;
  number: number;
  min_lng: number;
  max_lng: number;
  min_lat: number;
  max_lat: number;
};

/** A date column as `YYYY-MM-DD` (PGlite gives strings, node-postgres Dates). */
export const isoDate = (d: string | Date | null) =>
  d === null ? null : typeof d === "string" ? d : d.toISOString().slice(0, 10);

type SearchQuery = {
  q?: string;
  birthYear?: number;
  deathYear?: number;
  cemeteryId?: number;
  page: number;
  locale: Locale;
};

/** At most this many dictionary words stand for one query word (the best first). */
export const WORDS_PER_TOKEN = 50;
/**
 * A search reads at most this many matches; past it the total is given as "more than" and the
 * visitor is asked to narrow the search. The best-scoring words are read first, in name order,
 * so the first pages are the same as without the cap.
 */
export const SEARCH_COUNT_CAP = 5000;

/**
 * A dictionary word a query word may stand for: its spelling (`word`, as the index holds it), its
 * key, how many records hold it, its score, and the length of the query key it was found by.
 */
export type Candidate = { word: string; folded: string; score: number; n: number; klen: number };

const escapeLike = (pattern: string) => pattern.replace(/[%_\\]/g, (m) => `\\${m}`);

/** Points for the query's exact spelling on top of its key's match: Илдар before Ильдар. */
export const EXACT_BONUS = 0.5;

/**
 * Dictionary words whose key the query key is, starts or lies inside: 3, 2 and 1 points, and
 * `EXACT_BONUS` more where the word's own spelling matches the query's spelling the same way.
 */
function partialWordsSql({ key, spell }: SearchKey, i: number): SQL {
  return sql`(select ${i}::int as i, word, folded, n, ${key.length}::int as klen,
      case when folded = ${key} then 3 + case when word = ${spell} then ${EXACT_BONUS}::real else 0 end
           when folded like ${`${escapeLike(key)}%`}
             then 2 + case when starts_with(word, ${spell}) then ${EXACT_BONUS}::real else 0 end
           else 1 + case when strpos(word, ${spell}) > 0 then ${EXACT_BONUS}::real else 0 end
      end as score
    from name_words
    where n > 0 and folded like ${`%${escapeLike(key)}%`}
    order by score desc, n desc
    limit ${WORDS_PER_TOKEN})`;
}

/** Dictionary words whose key is alike a mistyped query key (trigram index), scoring their similarity. */
function similarWordsSql({ key }: SearchKey, i: number): SQL {
  return sql`(select ${i}::int as i, word, folded, n, ${key.length}::int as klen, similarity(${key}, folded) as score
    from name_words
    where n > 0 and folded % ${key}
    order by score desc, n desc
    limit ${WORDS_PER_TOKEN})`;
}

type CandidateRow = { i: number; word: string; folded: string; n: number; klen: number; score: number | string };

/** The rows of each query word, one per dictionary word (the best of its keys' scores). */
function byToken(count: number, rows: CandidateRow[]): Candidate[][] {
  const out: Map<string, Candidate>[] = Array.from({ length: count }, () => new Map());
  for (const r of rows) {
    const c = { word: r.word, folded: r.folded, n: Number(r.n), klen: Number(r.klen), score: Number(r.score) };
    const known = out[Number(r.i)]?.get(c.word);
    if (!known || c.score > known.score) out[Number(r.i)]?.set(c.word, c);
  }
  return out.map((m) => [...m.values()].sort((a, b) => b.score - a.score || b.n - a.n).slice(0, WORDS_PER_TOKEN));
}

/** A partial match's tier (3 whole, 2 start, 1 inside) without the exact-spelling bonus. */
const tierOf = (c: Candidate) => Math.floor(c.score);

/**
 * Which dictionary words a query word stands for, as people mean it:
 * - a whole word (Иванов) stands for itself and the same word one letter longer (Иванова), not
 *   for longer words that merely start with it (Иванович);
 * - an unfinished word (Жумаб) stands for every word it starts or lies inside;
 * - a word found nowhere is taken as a typo: the words of about its length alike enough
 *   (Иваноф → Иванов, Иванова; not Иван), scoring their similarity.
 * Lengths are the keys' lengths: the spellings of one key (Ильдар, Илдар) are one word here.
 */
export function meantWords(found: Candidate[], similar: Candidate[] = []): Candidate[] {
  if (found.some((c) => tierOf(c) === 3)) {
    return found.filter((c) => tierOf(c) === 3 || (tierOf(c) === 2 && c.folded.length <= c.klen + 1));
  }
  if (found.length) return found;
  return similar
    .filter((c) => Math.abs(c.folded.length - c.klen) <= 1)
    .map((c) => ({ ...c, score: Math.round(c.score * 100) / 100 }))
    .sort((a, b) => b.score - a.score);
}

/** How many of a Latin word's keys are tried for typos (each costs a trigram lookup). */
const SIMILAR_KEYS = 2;

/**
 * The dictionary words that each query word may stand for, with how many records hold each.
 * Every key of a query word is looked up (a Latin word has several); alike words (typos) are
 * looked for only for query words found nowhere as they are.
 */
export async function candidateWords(db: Db, tokens: SearchToken[]): Promise<Candidate[][]> {
  const lookups = tokens.flatMap((t, i) => t.keys.map((k) => partialWordsSql(k, i)));
  const partial = await db.execute(sql.join(lookups, sql` union all `));
  const found = byToken(tokens.length, partial.rows as CandidateRow[]);
  const missing = tokens.map((t, i) => ({ t, i })).filter(({ i }) => found[i]?.length === 0);
  let similar: Candidate[][] = tokens.map(() => []);
  if (missing.length) {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(WORD_SIMILARITY)}, true)`);
      const union = sql.join(
        missing.flatMap(({ t, i }) => t.keys.slice(0, SIMILAR_KEYS + 1).map((k) => similarWordsSql(k, i))),
        sql` union all `,
      );
      return (await tx.execute(union)).rows;
    });
    similar = byToken(tokens.length, rows as CandidateRow[]);
  }
  return tokens.map((_, i) => meantWords(found[i] ?? [], similar[i]));
}

/** A text[] literal, passed as one parameter. */
const textArray = (words: string[]) =>
  sql`${`{${words.map((w) => `"${w.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(",")}}`}::text[]`;

/** A record's score for one query word: the best score among its words. */
function tierScoreSql(words: Candidate[]): SQL {
  const tiers = [...new Set(words.map((w) => w.score))].sort((x, y) => y - x);
  const whens = tiers.map(
    (score) =>
      sql`when bw.words && ${textArray(words.filter((w) => w.score === score).map((w) => w.word))} then ${score}::real`,
  );
  return sql`(case ${sql.join(whens, sql` `)} else 0 end)`;
}

/**
 * The SQL of one search page, once the query words are looked up in the dictionary: the page's
 * record ids, best first, each row with the number of matches (at most `SEARCH_COUNT_CAP` + 1).
 * With words, it reads only the index of `burial_words`: the rows of the rarest query word's
 * candidates, best-scoring words first, kept when the record's other words match the other query
 * words, its years and its cemetery. A record holding two candidates of that query word is read
 * once, for the better one. Per query word the record scores its best-matching word; equal
 * scores go by the folded name, so both spellings of one name stand together. Without words
 * (years only), the most recent deaths come first.
 */
export function searchSql(q: SearchQuery, candidates: Candidate[][]): SQL {
  const years = (prefix: string) => [
    ...(q.birthYear ? [sql`${sql.raw(prefix)}birth_year = ${q.birthYear}`] : []),
    ...(q.deathYear ? [sql`${sql.raw(prefix)}death_year = ${q.deathYear}`] : []),
  ];
  const offset = (q.page - 1) * SEARCH_PAGE_SIZE;
  const cap = SEARCH_COUNT_CAP + 1;
  if (!candidates.length) {
    const conds = [...years("b."), ...(q.cemeteryId ? [sql`p.cemetery_id = ${q.cemeteryId}`] : [])];
    return sql`
      select id, count(*) over () as total from (
        select b.id, b.death_year, b.surname
        from burials b ${q.cemeteryId ? sql`join plots p on p.id = b.plot_id` : sql``}
        where ${sql.join(conds, sql` and `)}
        order by b.death_year desc nulls last, b.surname, b.id
        limit ${cap}) m
      order by death_year desc nulls last, surname, id
      limit ${SEARCH_PAGE_SIZE} offset ${offset}`;
  }
  const weight = (words: Candidate[]) => words.reduce((sum, w) => sum + w.n, 0);
  const driver = candidates.reduce((best, words) => (weight(words) < weight(best) ? words : best));
  const others = candidates.filter((words) => words !== driver);
  const conds = [
    sql`bw.word = c.word`,
    sql`not (bw.words && c.before)`,
    ...others.map((words) => sql`bw.words && ${textArray(words.map((w) => w.word))}`),
    ...years("bw."),
    ...(q.cemeteryId ? [sql`bw.cemetery_id = ${q.cemeteryId}`] : []),
  ];
  const otherScore = others.length ? sql` + ${sql.join(others.map(tierScoreSql), sql` + `)}` : sql``;
  // Each candidate with the better candidates before it, so a record is read for its best one.
  const driverRows = driver.map(
    (w, i) => sql`(${w.word}, ${w.score}::real, ${textArray(driver.slice(0, i).map((d) => d.word))})`,
  );
  return sql`
    select id, count(*) over () as total from (
      select bw.burial_id as id, bw.search_name, c.score${otherScore} as score
      from (values ${sql.join(driverRows, sql`, `)}) as c(word, score, before)
      cross join lateral (
        select * from burial_words bw where ${sql.join(conds, sql` and `)}
      ) bw
      limit ${cap}) m
    order by score desc, search_name, id
    limit ${SEARCH_PAGE_SIZE} offset ${offset}`;
}

/**
 * The public registry search: every query word must match a word of the name (as a prefix,
 * inside it, or with a small typo), with optional years and cemetery. Exact word starts rank
 * before fuzzy matches, an exact spelling before a folded one. Kazakh and Russian spellings, and Latin
 * readings, match through the keys of `common/search-text.ts`. The IIN is never
 * searched or returned. Totals past `SEARCH_COUNT_CAP` come back as `totalCapped`.
 */
export async function searchBurials(db: Db, q: SearchQuery): Promise<TBurialSearchPage> {
  const empty = { items: [], total: 0, totalCapped: false, page: q.page, pageSize: SEARCH_PAGE_SIZE };
  const tokens = searchTokens(q.q ?? "");
  if (tokens.length === 0 && !q.birthYear && !q.deathYear) return empty;
  let rows: (Row & { total: number | string; missing?: boolean })[] = [];
  if (tokens.length) {
    // One call: the dictionary lookup and the page, with plans the database keeps (migration 0020).
    rows = (await db.execute(burialSearchCall(q, tokens))).rows as typeof rows;
  }
  if (!tokens.length || rows[0]?.missing) {
    // Years only, or a query word found nowhere as it is (a typo): the alike words are looked for.
    const candidates = tokens.length ? await candidateWords(db, tokens) : [];
    if (candidates.some((words) => words.length === 0)) return empty;
    rows = (await db.execute(pageSql(searchSql(q, candidates)))).rows as typeof rows;
  }
  if (!rows.length) return empty;
  const total = Number(rows[0]?.total);
  return {
    items: rows.map((r) => toPublicBurial(r, q.locale)),
    total: Math.min(total, SEARCH_COUNT_CAP),
    totalCapped: total > SEARCH_COUNT_CAP,
    page: q.page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}

/** The records of a page of `searchSql`'s ids, in its order, with their plots and cemeteries. */
export function pageSql(ids: SQL): SQL {
  return sql`
    with page as (${ids})
    select b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
           c.id as cemetery_id, c.name_ru, c.name_kk, c.address, c.address_kk,
           p.sector, p.row, p.number, p.min_lng, p.max_lng, p.min_lat, p.max_lat, h.total
    from (select *, row_number() over () as rank from page) h
    join burials b on b.id = h.id
    join plots p on p.id = b.plot_id
    join cemeteries c on c.id = p.cemetery_id
    order by h.rank`;
}

/** An int[] literal, passed as one parameter. */
const intArray = (xs: number[]) => sql`${`{${xs.join(",")}}`}::int[]`;

/**
 * The call of `burial_search` (migration 0020) for a query with words: the same answer as
 * `candidateWords` and `searchSql` give, in one statement whose plans the database keeps. A query
 * word found nowhere comes back as one row with `missing` set.
 */
export function burialSearchCall(q: SearchQuery, tokens: SearchToken[]): SQL {
  const keys = tokens.flatMap((t, i) => t.keys.map((k, kord) => ({ ...k, i, kord })));
  return sql`select * from burial_search(
    ${intArray(keys.map((k) => k.i))}, ${intArray(keys.map((k) => k.kord))},
    ${intArray(keys.map((k) => k.key.length))}, ${textArray(keys.map((k) => k.key))},
    ${textArray(keys.map((k) => k.spell))}, ${textArray(keys.map((k) => `${escapeLike(k.key)}%`))},
    ${textArray(keys.map((k) => `%${escapeLike(k.key)}%`))}, ${tokens.length}::int,
    ${q.birthYear || null}::int, ${q.deathYear || null}::int, ${q.cemeteryId || null}::int,
    ${(q.page - 1) * SEARCH_PAGE_SIZE}::int, ${SEARCH_PAGE_SIZE}::int,
    ${WORDS_PER_TOKEN}::int, ${SEARCH_COUNT_CAP + 1}::int, ${EXACT_BONUS}::real)`;
}

function toPublicBurial(r: Row, locale: Locale): TPublicBurial {
  return {
    id: r.id,
    surname: r.surname,
    name: r.name,
    patronymic: r.patronymic,
    birthYear: r.birth_year,
    deathYear: r.death_year,
    burialDate: isoDate(r.burial_date),
    cemetery: {
      id: r.cemetery_id,
      name: locale === "kk" ? r.name_kk : r.name_ru,
      address: cemeteryAddressIn({ address: r.address, addressKk: r.address_kk }, locale),
    },
    sector: r.sector,
    row: r.row,
    place: r.number,
    point: [(Number(r.min_lng) + Number(r.max_lng)) / 2, (Number(r.min_lat) + Number(r.max_lat)) / 2],
    reburied: r.reburied_at
      ? {
          at: new Date(r.reburied_at).toISOString(),
          burialId: r.reburied_to_burial_id ?? null,
          to: r.reburied_to ?? null,
        }
      : null,
  };
}

/** One grave of the public registry. */
export async function getPublicBurial(db: Db, id: number, locale: Locale): Promise<TPublicBurial> {
  const result = await db.execute(sql`
    select b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
           c.id as cemetery_id, c.name_ru, c.name_kk, c.address, c.address_kk,
           p.sector, p.row, p.number, p.min_lng, p.max_lng, p.min_lat, p.max_lat,
           b.reburied_at, b.reburied_to_burial_id, b.reburied_to
    from burials b join plots p on p.id = b.plot_id join cemeteries c on c.id = p.cemetery_id
    where b.id = ${id}`);
  const row = result.rows[0] as Row | undefined;
  if (!row) throw new AppError(404, "burial_not_found");
  return toPublicBurial(row, locale);
}

/** A plot as the public map shows it, with the graves in it (no staff notes, no IIN). */
export async function getPublicPlot(db: Db, id: number, locale: Locale): Promise<TPublicPlot> {
  const [p] = await db.select().from(plots).where(eq(plots.id, id));
  if (!p) throw new AppError(404, "plot_not_found");
  const result = await db.execute(sql`
    select b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
           c.id as cemetery_id, c.name_ru, c.name_kk, c.address, c.address_kk,
           p.sector, p.row, p.number, p.min_lng, p.max_lng, p.min_lat, p.max_lat
    from burials b join plots p on p.id = b.plot_id join cemeteries c on c.id = p.cemetery_id
    where p.id = ${id} and b.reburied_at is null
    order by b.burial_date desc nulls last, b.id`);
  // A place a family keeps after burying a relative next to it (decision 015): no name, only since when.
  // Plain SQL on the booking's tables: the booking module builds on this one, not the other way round.
  const kept =
    p.status === "reserved"
      ? await db.execute(sql`
          select r.completed_at from plot_holds h join burial_requests r on r.id = h.request_id
          where h.plot_id = ${id} and h.released_at is null and r.status = 'completed' limit 1`)
      : null;
  const since = (kept?.rows[0] as { completed_at: string | Date } | undefined)?.completed_at;
  return {
    ...plotFacts(p),
    graves: (result.rows as Row[]).map((r) => toPublicBurial(r, locale)),
    familyHoldSince: since ? new Date(since).toISOString() : null,
  };
}

/** The year of a `YYYY-MM-DD` date. */
export const yearOf = (d: string | null | undefined) => (d ? Number(d.slice(0, 4)) : null);
