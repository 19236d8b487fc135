-- The search index holds names as spelled (lower case, ё as е, no punctuation: spellName in
-- common/search-text.ts), and each dictionary word's key (foldWord, the same letters as the
-- translate() below): a query word is looked up by its key, so Илдар finds Ильдар, Сеитов finds
-- Сейтов and a Latin reading finds its Cyrillic name, while the exact spelling ranks first.
-- Existing records are spelled again from their names here, and the index rebuilt once.
ALTER TABLE "burials" DISABLE TRIGGER "burials_words_update";--> statement-breakpoint
UPDATE "burials" SET "search_name" = trim(regexp_replace(regexp_replace(
    replace(lower(normalize("surname" || ' ' || "name" || ' ' || "patronymic", NFC)), 'ё', 'е'),
    '[^[:alnum:][:space:]-]', ' ', 'g'), '[[:space:]]+', ' ', 'g'));--> statement-breakpoint
ALTER TABLE "burials" ENABLE TRIGGER "burials_words_update";--> statement-breakpoint
TRUNCATE "burial_words";--> statement-breakpoint
TRUNCATE "name_words";--> statement-breakpoint
DROP INDEX "name_words_trgm_idx";--> statement-breakpoint
ALTER TABLE "name_words" ADD COLUMN "folded" text GENERATED ALWAYS AS (translate(word, 'әғқңөұүһійэьъ', 'агкноуухиие')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "name_words_folded_trgm_idx" ON "name_words" USING gin ("folded" gin_trgm_ops);--> statement-breakpoint
SELECT burial_words_add(ARRAY(SELECT id FROM burials));
