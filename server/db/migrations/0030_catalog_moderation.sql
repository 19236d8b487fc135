CREATE TABLE "catalog_revisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_revisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"author_id" integer,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_kk" text NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_kk" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"unit" text NOT NULL,
	"lead_hours" integer DEFAULT 0 NOT NULL,
	"city" text NOT NULL,
	"cemetery_ids" integer[] DEFAULT '{}' NOT NULL,
	"photo_ids" uuid[] DEFAULT '{}' NOT NULL,
	"return_reasons" text[] DEFAULT '{}' NOT NULL,
	"return_comment" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "photo_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "search_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "return_reasons" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "return_comment" text;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "block_reason" text;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "pending_revision_id" integer;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN IF NOT EXISTS "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN IF NOT EXISTS "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "supplier_role" text;--> statement-breakpoint
ALTER TABLE "catalog_revisions" ADD CONSTRAINT "catalog_revisions_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_revisions" ADD CONSTRAINT "catalog_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_revisions_item_idx" ON "catalog_revisions" USING btree ("item_id","submitted_at");--> statement-breakpoint
CREATE INDEX "catalog_items_public_idx" ON "catalog_items" USING btree ("status","city","category","price");--> statement-breakpoint
CREATE INDEX "catalog_items_search_idx" ON "catalog_items" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "catalog_items_queue_idx" ON "catalog_items" USING btree ("submitted_at") WHERE "catalog_items"."status" = 'consideration' or "catalog_items"."pending_revision_id" is not null;--> statement-breakpoint
-- Hand-written (issue 15 §1). The rating columns above are added IF NOT EXISTS: the orders' migration
-- (0028_orders on main) adds them too. A supplier company's people: the accounts it had so far registered
-- it, so they are its owners.
UPDATE "users" SET "supplier_role" = 'owner' WHERE "role" = 'supplier';--> statement-breakpoint
-- The pending revision of an item is one of its own revisions (the tables reference each other).
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_pending_revision_fk" FOREIGN KEY ("pending_revision_id") REFERENCES "public"."catalog_revisions"("id") ON DELETE set null;
