CREATE TABLE "grave_handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grave_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"burial_id" integer NOT NULL,
	"cemetery_id" integer NOT NULL,
	"status" text DEFAULT 'awaiting_consent' NOT NULL,
	"from_user_id" integer,
	"from_name" text NOT NULL,
	"from_phone" text NOT NULL,
	"to_phone" text NOT NULL,
	"to_surname" text NOT NULL,
	"to_name" text NOT NULL,
	"to_patronymic" text DEFAULT '' NOT NULL,
	"to_user_id" integer,
	"relation" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"consent_by" timestamp with time zone NOT NULL,
	"refusal_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "grave_handovers" ADD CONSTRAINT "grave_handovers_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grave_handovers" ADD CONSTRAINT "grave_handovers_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grave_handovers" ADD CONSTRAINT "grave_handovers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grave_handovers" ADD CONSTRAINT "grave_handovers_to_user_id_users_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grave_handovers" ADD CONSTRAINT "grave_handovers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grave_handovers_open_uq" ON "grave_handovers" USING btree ("burial_id") WHERE "grave_handovers"."status" in ('awaiting_consent', 'submitted');--> statement-breakpoint
CREATE INDEX "grave_handovers_cemetery_idx" ON "grave_handovers" USING btree ("cemetery_id","status","created_at");--> statement-breakpoint
CREATE INDEX "grave_handovers_from_idx" ON "grave_handovers" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "grave_handovers_to_phone_idx" ON "grave_handovers" USING btree ("to_phone");--> statement-breakpoint
CREATE INDEX "grave_handovers_burial_idx" ON "grave_handovers" USING btree ("burial_id","decided_at");