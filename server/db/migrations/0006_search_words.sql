CREATE TABLE "burial_words" (
	"word" text NOT NULL,
	"search_name" text NOT NULL,
	"burial_id" integer NOT NULL,
	"cemetery_id" integer NOT NULL,
	"birth_year" integer,
	"death_year" integer,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_words" (
	"word" text PRIMARY KEY NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "burials_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "burial_words_burial_idx" ON "burial_words" USING btree ("burial_id");--> statement-breakpoint
CREATE INDEX "name_words_trgm_idx" ON "name_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "burial_words_search_idx" ON "burial_words" USING btree ("word", "search_name", "burial_id")
  INCLUDE ("words", "cemetery_id", "birth_year", "death_year");--> statement-breakpoint
CREATE FUNCTION burial_words_add(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO burial_words (word, search_name, burial_id, cemetery_id, birth_year, death_year, words)
    SELECT DISTINCT u.word, b.search_name, b.id, p.cemetery_id, b.birth_year, b.death_year, a.words
    FROM burials b
    JOIN plots p ON p.id = b.plot_id
    CROSS JOIN LATERAL (SELECT array_remove(regexp_split_to_array(b.search_name, '[[:space:]-]+'), '') AS words) a
    CROSS JOIN LATERAL unnest(a.words) AS u(word)
    WHERE b.id = ANY(ids);
  INSERT INTO name_words (word, n)
    SELECT word, count(*) FROM burial_words WHERE burial_id = ANY(ids) GROUP BY word
    ON CONFLICT (word) DO UPDATE SET n = name_words.n + excluded.n;
END;
$$;--> statement-breakpoint
CREATE FUNCTION burial_words_remove(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE name_words nw SET n = nw.n - d.c
    FROM (SELECT word, count(*) AS c FROM burial_words WHERE burial_id = ANY(ids) GROUP BY word) d
    WHERE nw.word = d.word;
  DELETE FROM burial_words WHERE burial_id = ANY(ids);
END;
$$;--> statement-breakpoint
CREATE FUNCTION burials_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The search index follows the records.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM burial_words_remove(ARRAY(SELECT id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM burial_words_add(ARRAY(SELECT id FROM new_rows));
    -- A plot with a burial record is occupied.
    UPDATE plots SET status = 'occupied'
      WHERE id IN (SELECT plot_id FROM new_rows) AND status <> 'occupied';
  END IF;
  -- A plot whose last record went (deleted or moved) is free again.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE plots p SET status = 'free'
      WHERE p.id IN (SELECT plot_id FROM old_rows) AND p.status = 'occupied'
        AND NOT EXISTS (SELECT 1 FROM burials b WHERE b.plot_id = p.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER burials_words_insert AFTER INSERT ON burials
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION burials_words_changed();--> statement-breakpoint
CREATE TRIGGER burials_words_update AFTER UPDATE ON burials
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION burials_words_changed();--> statement-breakpoint
CREATE TRIGGER burials_words_delete AFTER DELETE ON burials
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION burials_words_changed();--> statement-breakpoint
SELECT burial_words_add(ARRAY(SELECT id FROM burials));
