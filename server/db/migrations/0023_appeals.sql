CREATE TABLE "appeal_numbers" (
	"akimat_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "appeal_numbers_akimat_id_year_pk" PRIMARY KEY("akimat_id","year")
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appeals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"akimat_id" integer NOT NULL,
	"channel" text NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"text" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"cemetery_id" integer,
	"applicant_id" integer,
	"applicant_name" text NOT NULL,
	"applicant_org" text,
	"applicant_phone" text NOT NULL,
	"applicant_iin" text,
	"applicant_address" text,
	"received_by" integer,
	"registered_at" timestamp with time zone NOT NULL,
	"registration_day" date NOT NULL,
	"due_day" date NOT NULL,
	"extended_until" date,
	"extension_reason" text,
	"extended_by" integer,
	"extended_at" timestamp with time zone,
	"extension_notified_at" timestamp with time zone,
	"current_due_day" date GENERATED ALWAYS AS (coalesce(extended_until, due_day)) STORED NOT NULL,
	"assignee_id" integer,
	"assigned_at" timestamp with time zone,
	"documents_request" text,
	"documents_requested_at" timestamp with time zone,
	"hearing_proposal" text,
	"hearing_date" date,
	"hearing_time" text,
	"hearing_place" text,
	"hearing_noticed_at" timestamp with time zone,
	"redirected_at" timestamp with time zone,
	"redirect_to_akimat_id" integer,
	"redirect_to_body" text,
	"redirect_reason" text,
	"redirected_from_id" integer,
	"outcome" text,
	"answer_facts" text,
	"answer_grounds" text,
	"answer_actions" text,
	"how_to_complain" text,
	"signatory_name" text,
	"signatory_position" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"withdrawn_at" timestamp with time zone,
	"withdraw_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeals_text_ck" CHECK (char_length("appeals"."text") between 1 and 3500),
	CONSTRAINT "appeals_due_ck" CHECK ("appeals"."due_day" > "appeals"."registration_day"),
	CONSTRAINT "appeals_redirect_ck" CHECK ("appeals"."redirect_to_akimat_id" is null or "appeals"."redirect_to_body" is null)
);
--> statement-breakpoint
ALTER TABLE "appeal_numbers" ADD CONSTRAINT "appeal_numbers_akimat_id_akimats_id_fk" FOREIGN KEY ("akimat_id") REFERENCES "public"."akimats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_akimat_id_akimats_id_fk" FOREIGN KEY ("akimat_id") REFERENCES "public"."akimats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_extended_by_users_id_fk" FOREIGN KEY ("extended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_redirect_to_akimat_id_akimats_id_fk" FOREIGN KEY ("redirect_to_akimat_id") REFERENCES "public"."akimats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_number_uq" ON "appeals" USING btree ("number");--> statement-breakpoint
CREATE INDEX "appeals_inbox_idx" ON "appeals" USING btree ("akimat_id","status","current_due_day");--> statement-breakpoint
CREATE INDEX "appeals_period_idx" ON "appeals" USING btree ("akimat_id","registration_day");--> statement-breakpoint
CREATE INDEX "appeals_assignee_idx" ON "appeals" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "appeals_applicant_idx" ON "appeals" USING btree ("applicant_id","registered_at");--> statement-breakpoint
CREATE INDEX "appeals_redirected_from_idx" ON "appeals" USING btree ("redirected_from_id");