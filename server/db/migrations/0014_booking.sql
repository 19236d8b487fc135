CREATE TABLE "burial_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "burial_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"client_id" integer NOT NULL,
	"cemetery_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"kind" text NOT NULL,
	"remains" text DEFAULT 'coffin' NOT NULL,
	"family_burial_id" integer,
	"surname" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"iin" text NOT NULL,
	"birth_date" date,
	"death_date" date NOT NULL,
	"places" integer NOT NULL,
	"fee" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"burial_date" date,
	"burial_time" text,
	"payment_method" text,
	"paid_at" timestamp with time zone,
	"payment_ref" text,
	"confirmed_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"burial_id" integer,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"provider" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"callbacks" integer DEFAULT 0 NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plot_holds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plot_holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	"held_from" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "burials" ADD COLUMN "responsible_user_id" integer;--> statement-breakpoint
ALTER TABLE "cemeteries" ADD COLUMN "hold_hours" integer DEFAULT 72 NOT NULL;--> statement-breakpoint
ALTER TABLE "cemeteries" ADD COLUMN "family_grave_years" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "cemeteries" ADD COLUMN "slot_capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "cemeteries" ADD COLUMN "slot_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD CONSTRAINT "burial_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD CONSTRAINT "burial_requests_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD CONSTRAINT "burial_requests_family_burial_id_burials_id_fk" FOREIGN KEY ("family_burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "burial_requests" ADD CONSTRAINT "burial_requests_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_burial_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."burial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_holds" ADD CONSTRAINT "plot_holds_request_id_burial_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."burial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plot_holds" ADD CONSTRAINT "plot_holds_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "burial_requests_client_idx" ON "burial_requests" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "burial_requests_cemetery_idx" ON "burial_requests" USING btree ("cemetery_id","status","created_at");--> statement-breakpoint
CREATE INDEX "burial_requests_slot_idx" ON "burial_requests" USING btree ("cemetery_id","burial_date","burial_time");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_request_pending_uq" ON "payments" USING btree ("request_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "plot_holds_request_idx" ON "plot_holds" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "plot_holds_live_idx" ON "plot_holds" USING btree ("plot_id") WHERE "plot_holds"."released_at" is null;--> statement-breakpoint
ALTER TABLE "burials" ADD CONSTRAINT "burials_responsible_user_id_users_id_fk" FOREIGN KEY ("responsible_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Two live holds never own one place (decision 014): a hold owns its place from held_from to
-- held_until (open-ended once paid) until released; a hold past its time stops overlapping new
-- ones at once, before any job releases it.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "plot_holds" ADD CONSTRAINT "plot_holds_one_live_hold"
  EXCLUDE USING gist (plot_id WITH =, tstzrange(held_from, held_until) WITH &&) WHERE (released_at IS NULL);--> statement-breakpoint
ALTER TABLE "plot_holds" ADD CONSTRAINT "plot_holds_range_ck" CHECK (held_until IS NULL OR held_until > held_from);--> statement-breakpoint
-- A plot's status follows its burial records and holds: occupied with a record, reserved with a
-- live hold, otherwise free — or unavailable, which only staff set (and only on a plot with neither).
CREATE FUNCTION plots_status_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE plots p SET status = d.status
  FROM (
    SELECT q.id,
      CASE
        WHEN EXISTS (SELECT 1 FROM burials b WHERE b.plot_id = q.id) THEN 'occupied'
        WHEN EXISTS (SELECT 1 FROM plot_holds h WHERE h.plot_id = q.id AND h.released_at IS NULL) THEN 'reserved'
        WHEN q.status = 'unavailable' THEN 'unavailable'
        ELSE 'free'
      END AS status
    FROM plots q WHERE q.id = ANY(ids)
  ) d
  WHERE p.id = d.id AND p.status IS DISTINCT FROM d.status;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION burials_words_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The search index follows the records.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM burial_words_remove(ARRAY(SELECT id FROM old_rows));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM burial_words_add(ARRAY(SELECT id FROM new_rows));
    PERFORM plots_status_refresh(ARRAY(SELECT DISTINCT plot_id FROM new_rows ORDER BY 1));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM plots_status_refresh(ARRAY(SELECT DISTINCT plot_id FROM old_rows ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION plot_holds_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM plots_status_refresh(ARRAY(SELECT DISTINCT plot_id FROM new_rows ORDER BY 1));
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM plots_status_refresh(ARRAY(SELECT DISTINCT plot_id FROM old_rows ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER plot_holds_insert AFTER INSERT ON plot_holds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plot_holds_changed();--> statement-breakpoint
CREATE TRIGGER plot_holds_update AFTER UPDATE ON plot_holds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION plot_holds_changed();--> statement-breakpoint
CREATE TRIGGER plot_holds_delete AFTER DELETE ON plot_holds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION plot_holds_changed();--> statement-breakpoint
-- "Reserved" was a hand-set status before holds existed: it now follows the holds (none yet).
SELECT plots_status_refresh(ARRAY(SELECT id FROM plots WHERE status = 'reserved'));
