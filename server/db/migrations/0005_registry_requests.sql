CREATE TABLE "registry_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registry_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"cemetery_id" integer,
	"applicant_id" integer,
	"applicant_name" text NOT NULL,
	"applicant_phone" text NOT NULL,
	"surname" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"birth_year" integer,
	"death_year" integer,
	"details" text DEFAULT '' NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registry_requests" ADD CONSTRAINT "registry_requests_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_requests_status_idx" ON "registry_requests" USING btree ("cemetery_id","status","created_at");--> statement-breakpoint
CREATE INDEX "registry_requests_ip_idx" ON "registry_requests" USING btree ("ip","created_at");