-- The registry search in one call (issue 13, §5; decision 007). It did two statements per search,
-- each parsed and planned on every request: the dictionary lookup of the query words, then the
-- read of the word index with the page's records. A PL/pgSQL function keeps its statements' plans
-- for the session, so a search is one round trip and no planning. What it computes is what
-- `candidateWords`, `meantWords` and `searchSql` in burials.service.ts compute (the same answers;
-- a test compares them): the query words' dictionary words (whole 3, start 2, inside 1, the exact
-- spelling half a point more; a whole word stands for itself and its one-letter-longer form), the
-- rarest query word drives the read of `burial_words`, the others are checked on the index row.
-- A query word found nowhere (a typo) is not handled here: the function answers one row with
-- `missing` set and the caller searches the alike words as before.
--
-- Keys come as parallel arrays, one element per key of each query word: its query word (0-based),
-- its rank among that word's keys, its length, the key, its spelling and its LIKE patterns
-- (prefix, inside; escaped by the caller).
CREATE OR REPLACE FUNCTION burial_search(
  p_tok int[], p_kord int[], p_klen int[], p_key text[], p_spell text[], p_prefix text[], p_inside text[],
  p_tokens int, p_birth int, p_death int, p_cemetery int, p_offset int, p_limit int,
  p_words int, p_cap int, p_bonus real)
RETURNS TABLE (
  missing boolean, id int, surname text, name text, patronymic text, birth_year int, death_year int,
  burial_date date, cemetery_id int, name_ru text, name_kk text, address text, address_kk text, sector text, "row" text,
  number int, min_lng double precision, max_lng double precision, min_lat double precision,
  max_lat double precision, total bigint)
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  c_tok int[];
  c_word text[];
  c_score real[];
  c_n bigint[];
  weight bigint;
  best bigint;
  driver int;
  d_words text[];
  d_scores real[];
  o1 text[]; o2 text[]; o3 text[]; o4 text[];
  s1 real[]; s2 real[]; s3 real[]; s4 real[];
  slot int := 0;
  ws text[];
  ss real[];
BEGIN
  -- The words each query word stands for, best first (score, then how many records hold them).
  WITH found AS (
    SELECT k.tok, k.kord, k.klen, w.word, w.folded, w.n, w.score, w.rank
    FROM unnest(p_tok, p_kord, p_klen, p_key, p_spell, p_prefix, p_inside)
      AS k(tok, kord, klen, key, spell, prefix, inside)
    CROSS JOIN LATERAL (
      SELECT nw.word, nw.folded, nw.n, s.score, row_number() OVER (ORDER BY s.score DESC, nw.n DESC) AS rank
      FROM name_words nw
      CROSS JOIN LATERAL (
        SELECT CASE WHEN nw.folded = k.key THEN 3 + CASE WHEN nw.word = k.spell THEN p_bonus ELSE 0 END
                    WHEN nw.folded LIKE k.prefix THEN 2 + CASE WHEN starts_with(nw.word, k.spell) THEN p_bonus ELSE 0 END
                    ELSE 1 + CASE WHEN strpos(nw.word, k.spell) > 0 THEN p_bonus ELSE 0 END
               END AS score) s
      WHERE nw.n > 0 AND nw.folded LIKE k.inside
      ORDER BY s.score DESC, nw.n DESC
      LIMIT p_words
    ) w
  ),
  -- One row per word of a query word: its best score (the first key that gave it), where it first appeared.
  dedup AS (
    SELECT DISTINCT ON (f.tok, f.word) f.tok, f.word, f.folded, f.n, f.klen, f.score,
           min(f.kord::bigint * 1000000 + f.rank) OVER (PARTITION BY f.tok, f.word) AS pos
    FROM found f
    ORDER BY f.tok, f.word, f.score DESC, f.kord, f.rank
  ),
  top AS (
    SELECT d.*, row_number() OVER (PARTITION BY d.tok ORDER BY d.score DESC, d.n DESC, d.pos) AS r,
           bool_or(floor(d.score) = 3) OVER (PARTITION BY d.tok) AS has_whole
    FROM dedup d
  )
  SELECT array_agg(t.tok ORDER BY t.tok, t.r), array_agg(t.word ORDER BY t.tok, t.r),
         array_agg(t.score::real ORDER BY t.tok, t.r), array_agg(t.n::bigint ORDER BY t.tok, t.r)
    INTO c_tok, c_word, c_score, c_n
  FROM top t
  WHERE t.r <= p_words
    AND (NOT t.has_whole OR floor(t.score) = 3
         OR (floor(t.score) = 2 AND char_length(t.folded) <= t.klen + 1));

  IF c_tok IS NULL OR (SELECT count(DISTINCT x) FROM unnest(c_tok) x) < p_tokens THEN
    missing := true;
    RETURN NEXT;
    RETURN;
  END IF;

  -- The rarest query word drives (the first of equals).
  FOR k IN 0 .. p_tokens - 1 LOOP
    SELECT sum(u.n) INTO weight FROM unnest(c_tok, c_n) AS u(tok, n) WHERE u.tok = k;
    IF best IS NULL OR weight < best THEN
      best := weight;
      driver := k;
    END IF;
  END LOOP;
  FOR k IN 0 .. p_tokens - 1 LOOP
    SELECT array_agg(u.word ORDER BY u.i), array_agg(u.score ORDER BY u.i) INTO ws, ss
    FROM unnest(c_tok, c_word, c_score) WITH ORDINALITY AS u(tok, word, score, i) WHERE u.tok = k;
    IF k = driver THEN
      d_words := ws; d_scores := ss;
    ELSE
      slot := slot + 1;
      IF slot = 1 THEN o1 := ws; s1 := ss;
      ELSIF slot = 2 THEN o2 := ws; s2 := ss;
      ELSIF slot = 3 THEN o3 := ws; s3 := ss;
      ELSE o4 := ws; s4 := ss;
      END IF;
    END IF;
  END LOOP;

  -- The driver's words best first, each with the better ones before it, so a record is read once;
  -- at most p_cap matches, the best-scoring words first, in name order.
  RETURN QUERY
  WITH d AS (
    SELECT u.word, u.score, u.ord,
           coalesce(array_agg(u.word) OVER (ORDER BY u.ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
                    '{}'::text[]) AS before
    FROM unnest(d_words, d_scores) WITH ORDINALITY AS u(word, score, ord)
  ),
  m AS (
    SELECT bw.burial_id, bw.search_name,
           d.score
             + CASE WHEN o1 IS NULL THEN 0 ELSE coalesce((SELECT max(x.s) FROM unnest(s1, o1) AS x(s, w) WHERE x.w = ANY (bw.words)), 0) END
             + CASE WHEN o2 IS NULL THEN 0 ELSE coalesce((SELECT max(x.s) FROM unnest(s2, o2) AS x(s, w) WHERE x.w = ANY (bw.words)), 0) END
             + CASE WHEN o3 IS NULL THEN 0 ELSE coalesce((SELECT max(x.s) FROM unnest(s3, o3) AS x(s, w) WHERE x.w = ANY (bw.words)), 0) END
             + CASE WHEN o4 IS NULL THEN 0 ELSE coalesce((SELECT max(x.s) FROM unnest(s4, o4) AS x(s, w) WHERE x.w = ANY (bw.words)), 0) END AS score
    FROM d
    CROSS JOIN LATERAL (
      SELECT b.burial_id, b.search_name, b.words
      FROM burial_words b
      WHERE b.word = d.word AND NOT (b.words && d.before)
        AND (o1 IS NULL OR b.words && o1) AND (o2 IS NULL OR b.words && o2)
        AND (o3 IS NULL OR b.words && o3) AND (o4 IS NULL OR b.words && o4)
        AND (p_birth IS NULL OR b.birth_year = p_birth) AND (p_death IS NULL OR b.death_year = p_death)
        AND (p_cemetery IS NULL OR b.cemetery_id = p_cemetery)
      LIMIT p_cap
    ) bw
    LIMIT p_cap
  ),
  page AS (
    SELECT m.burial_id, m.search_name, m.score, count(*) OVER () AS total
    FROM m
    ORDER BY m.score DESC, m.search_name, m.burial_id
    LIMIT p_limit OFFSET p_offset
  )
  SELECT false, b.id, b.surname, b.name, b.patronymic, b.birth_year, b.death_year, b.burial_date,
         c.id, c.name_ru, c.name_kk, c.address, c.address_kk, p.sector, p.row, p.number,
         p.min_lng, p.max_lng, p.min_lat, p.max_lat, page.total
  FROM page
  JOIN burials b ON b.id = page.burial_id
  JOIN plots p ON p.id = b.plot_id
  JOIN cemeteries c ON c.id = p.cemetery_id
  ORDER BY page.score DESC, page.search_name, page.burial_id;
END
$$;
