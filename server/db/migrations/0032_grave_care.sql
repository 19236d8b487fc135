CREATE TABLE "care_permits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_permits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cemetery_id" integer NOT NULL,
	"burial_id" integer NOT NULL,
	"care_request_id" integer,
	"client_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"kind" text NOT NULL,
	"design" text NOT NULL,
	"installer" text NOT NULL,
	"installer_name" text DEFAULT '' NOT NULL,
	"planned_date" date NOT NULL,
	"due_day" date NOT NULL,
	"issued_at" timestamp with time zone,
	"issued_by" integer,
	"valid_until" date,
	"refuse_reason" text,
	"refuse_comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_prices" (
	"cemetery_id" integer NOT NULL,
	"kind" text NOT NULL,
	"price" integer NOT NULL,
	"unit" text DEFAULT 'service' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "care_prices_cemetery_id_kind_pk" PRIMARY KEY("cemetery_id","kind"),
	CONSTRAINT "care_prices_price_ck" CHECK ("care_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cemetery_id" integer NOT NULL,
	"burial_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"kinds" text[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total" integer,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"paid_via" text,
	"paid_at" timestamp with time zone,
	"payment_ref" text,
	"refund_due" integer DEFAULT 0 NOT NULL,
	"scheduled_date" date,
	"done_at" timestamp with time zone,
	"done_note" text,
	"confirmed_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_text" text,
	"close_answer" text,
	"reject_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_settings" (
	"cemetery_id" integer PRIMARY KEY NOT NULL,
	"season_start" text,
	"season_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "care_permits" ADD CONSTRAINT "care_permits_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_permits" ADD CONSTRAINT "care_permits_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_permits" ADD CONSTRAINT "care_permits_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_permits" ADD CONSTRAINT "care_permits_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_permits" ADD CONSTRAINT "care_permits_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_prices" ADD CONSTRAINT "care_prices_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_settings" ADD CONSTRAINT "care_settings_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_permits_cemetery_idx" ON "care_permits" USING btree ("cemetery_id","status","due_day");--> statement-breakpoint
CREATE INDEX "care_permits_request_idx" ON "care_permits" USING btree ("care_request_id");--> statement-breakpoint
CREATE INDEX "care_permits_burial_idx" ON "care_permits" USING btree ("burial_id");--> statement-breakpoint
CREATE INDEX "care_requests_cemetery_idx" ON "care_requests" USING btree ("cemetery_id","status","created_at");--> statement-breakpoint
CREATE INDEX "care_requests_burial_idx" ON "care_requests" USING btree ("burial_id","created_at");