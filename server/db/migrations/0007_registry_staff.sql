CREATE TABLE "manager_cemeteries" (
	"user_id" integer NOT NULL,
	"cemetery_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_cemeteries_user_id_cemetery_id_pk" PRIMARY KEY("user_id","cemetery_id")
);
--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "death_date" date;--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "burial_date" date;--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "location" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "answered_by" integer;--> statement-breakpoint
ALTER TABLE "registry_requests" ADD COLUMN "burial_id" integer;--> statement-breakpoint
ALTER TABLE "manager_cemeteries" ADD CONSTRAINT "manager_cemeteries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_cemeteries" ADD CONSTRAINT "manager_cemeteries_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manager_cemeteries_cemetery_idx" ON "manager_cemeteries" USING btree ("cemetery_id");--> statement-breakpoint
ALTER TABLE "registry_requests" ADD CONSTRAINT "registry_requests_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE set null ON UPDATE no action;