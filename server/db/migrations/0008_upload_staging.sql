CREATE TABLE "upload_staging" (
	"owner_key" text NOT NULL,
	"upload_id" text NOT NULL,
	"owner_id" integer,
	"ip" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "upload_staging_owner_key_upload_id_pk" PRIMARY KEY("owner_key","upload_id")
);
--> statement-breakpoint
ALTER TABLE "upload_staging" ADD CONSTRAINT "upload_staging_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "upload_staging_ip_created_idx" ON "upload_staging" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "upload_staging_owner_created_idx" ON "upload_staging" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "upload_staging_updated_idx" ON "upload_staging" USING btree ("updated_at");