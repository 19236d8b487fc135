CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"akimat_id" integer NOT NULL,
	"author_id" integer,
	"category" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title_ru" text DEFAULT '' NOT NULL,
	"title_kk" text DEFAULT '' NOT NULL,
	"content_ru" text DEFAULT '' NOT NULL,
	"content_kk" text DEFAULT '' NOT NULL,
	"cover_id" uuid,
	"attachment_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_akimat_id_akimats_id_fk" FOREIGN KEY ("akimat_id") REFERENCES "public"."akimats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_public_idx" ON "news" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "news_akimat_idx" ON "news" USING btree ("akimat_id","updated_at");