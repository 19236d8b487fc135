CREATE TABLE "reburial_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reburial_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"akimat_id" integer NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"language" text NOT NULL,
	"applicant_id" integer,
	"applicant_name" text NOT NULL,
	"applicant_phone" text NOT NULL,
	"is_responsible" boolean DEFAULT false NOT NULL,
	"is_representative" boolean DEFAULT false NOT NULL,
	"source_burial_id" integer,
	"source_cemetery_id" integer,
	"source_country" text,
	"source_city" text,
	"source_text" text,
	"surname" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"iin" text,
	"death_date" date,
	"death_notice_number" text,
	"destination_cemetery_id" integer,
	"destination_text" text,
	"reason" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"registration_day" date NOT NULL,
	"due_day" date NOT NULL,
	"assignee_id" integer,
	"assigned_at" timestamp with time zone,
	"documents_request" text,
	"documents_requested_at" timestamp with time zone,
	"hearing_proposal" text,
	"hearing_date" date,
	"hearing_time" text,
	"hearing_place" text,
	"hearing_noticed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"reburial_date" date,
	"fee_waived" boolean DEFAULT false NOT NULL,
	"conditions" text,
	"refusal_reason" text,
	"how_to_complain" text,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"reburied_at" timestamp with time zone,
	"reburied_on" date,
	"new_burial_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reburial_requests_source_ck" CHECK ("reburial_requests"."source_burial_id" is not null or "reburial_requests"."source_text" is not null),
	CONSTRAINT "reburial_requests_destination_ck" CHECK ("reburial_requests"."destination_cemetery_id" is not null or "reburial_requests"."destination_text" is not null),
	CONSTRAINT "reburial_requests_due_ck" CHECK ("reburial_requests"."due_day" > "reburial_requests"."registration_day")
);
--> statement-breakpoint
ALTER TABLE "burials" ADD COLUMN "reburied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "burials" ADD COLUMN "reburied_to_burial_id" integer;--> statement-breakpoint
ALTER TABLE "burials" ADD COLUMN "reburied_to" text;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD COLUMN "reburial_id" integer;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_akimat_id_akimats_id_fk" FOREIGN KEY ("akimat_id") REFERENCES "public"."akimats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_source_burial_id_burials_id_fk" FOREIGN KEY ("source_burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_source_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("source_cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_destination_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("destination_cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reburial_requests" ADD CONSTRAINT "reburial_requests_new_burial_id_burials_id_fk" FOREIGN KEY ("new_burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reburial_requests_inbox_idx" ON "reburial_requests" USING btree ("akimat_id","status","due_day");--> statement-breakpoint
CREATE INDEX "reburial_requests_period_idx" ON "reburial_requests" USING btree ("akimat_id","registration_day");--> statement-breakpoint
CREATE INDEX "reburial_requests_assignee_idx" ON "reburial_requests" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "reburial_requests_applicant_idx" ON "reburial_requests" USING btree ("applicant_id","registered_at");--> statement-breakpoint
CREATE INDEX "reburial_requests_source_idx" ON "reburial_requests" USING btree ("source_burial_id");--> statement-breakpoint
ALTER TABLE "burials" ADD CONSTRAINT "burials_reburied_to_burial_id_burials_id_fk" FOREIGN KEY ("reburied_to_burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD CONSTRAINT "burial_requests_reburial_id_reburial_requests_id_fk" FOREIGN KEY ("reburial_id") REFERENCES "public"."reburial_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "burial_requests_reburial_idx" ON "burial_requests" USING btree ("reburial_id");--> statement-breakpoint
-- A record whose remains were moved away (reburied) no longer occupies its place: the place is free
-- again (or reserved, or unavailable, as for any place without a record), under the same row lock
-- as before (0016).
CREATE OR REPLACE FUNCTION plots_status_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM plots WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE plots p SET status = d.status
  FROM (
    SELECT q.id,
      CASE
        WHEN EXISTS (SELECT 1 FROM burials b WHERE b.plot_id = q.id AND b.reburied_at IS NULL) THEN 'occupied'
        WHEN EXISTS (SELECT 1 FROM plot_holds h WHERE h.plot_id = q.id AND h.released_at IS NULL) THEN 'reserved'
        WHEN q.status = 'unavailable' THEN 'unavailable'
        ELSE 'free'
      END AS status
    FROM plots q WHERE q.id = ANY(ids)
  ) d
  WHERE p.id = d.id AND p.status IS DISTINCT FROM d.status;
END;
$$;--> statement-breakpoint
-- The search finds where the deceased lies now: a reburied record leaves the word index (the
-- trigger on burials removes a changed record's words and adds them again through this function),
-- the record at the new place is in it.
CREATE OR REPLACE FUNCTION burial_words_add(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO burial_words (word, search_name, burial_id, cemetery_id, birth_year, death_year, words)
    SELECT DISTINCT u.word, b.search_name, b.id, p.cemetery_id, b.birth_year, b.death_year, a.words
    FROM burials b
    JOIN plots p ON p.id = b.plot_id
    CROSS JOIN LATERAL (SELECT array_remove(regexp_split_to_array(b.search_name, '[[:space:]-]+'), '') AS words) a
    CROSS JOIN LATERAL unnest(a.words) AS u(word)
    WHERE b.id = ANY(ids) AND b.reburied_at IS NULL;
  INSERT INTO name_words (word, n)
    SELECT word, count(*) FROM burial_words WHERE burial_id = ANY(ids) GROUP BY word
    ON CONFLICT (word) DO UPDATE SET n = name_words.n + excluded.n;
END;
$$;
