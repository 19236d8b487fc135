-- Phones are stored normalised (+7 and ten digits) and formatted only when shown
-- (common/phone.ts). Office phones typed before that rule are normalised here when every part
-- reads as a Kazakh number, with the same rule as normalizePhone; anything else stays as typed
-- (the screens still show it) until the admin saves the record again.
UPDATE "akimats"
SET "phone" = '+7' || right(regexp_replace("phone", '\D', '', 'g'), 10)
WHERE "phone" <> ''
  AND regexp_replace("phone", '\D', '', 'g') ~ '^([78][3-9][0-9]{9}|[3-9][0-9]{9})$';
--> statement-breakpoint
UPDATE "cemeteries" AS c
SET "phones" = n.list
FROM (
  SELECT id,
         string_agg('+7' || right(d, 10), ', ' ORDER BY ord) AS list,
         bool_and(d ~ '^([78][3-9][0-9]{9}|[3-9][0-9]{9})$') AS ok
  FROM (
    SELECT id, regexp_replace(part, '\D', '', 'g') AS d, ord
    FROM "cemeteries",
         unnest(regexp_split_to_array(trim("phones"), '\s*[,;\n]\s*')) WITH ORDINALITY AS t(part, ord)
    WHERE trim("phones") <> '' AND trim(part) <> ''
  ) parts
  GROUP BY id
) AS n
WHERE c.id = n.id AND n.ok;
