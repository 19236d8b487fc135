CREATE TABLE "catalog_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"supplier_id" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
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
	"available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_items_supplier_idx" ON "catalog_items" USING btree ("supplier_id","status");