CREATE TABLE "burials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "burials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plot_id" integer NOT NULL,
	"surname" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"iin" text,
	"birth_date" date,
	"death_date" date,
	"burial_date" date,
	"is_reburial" boolean DEFAULT false NOT NULL,
	"search_name" text NOT NULL,
	"birth_year" integer,
	"death_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cemeteries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cemeteries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"akimat_id" integer NOT NULL,
	"name_ru" text NOT NULL,
	"name_kk" text NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"description_kk" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"religion" text DEFAULT 'all' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phones" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"capacity" integer DEFAULT 0 NOT NULL,
	"burial_fee" integer DEFAULT 0 NOT NULL,
	"burial_slots" jsonb DEFAULT '{"days":[1,2,3,4,5,6],"from":"10:00","to":"16:00"}'::jsonb NOT NULL,
	"boundary" jsonb,
	"center_lng" double precision,
	"center_lat" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cemetery_id" integer NOT NULL,
	"sector" text NOT NULL,
	"row" text NOT NULL,
	"number" integer NOT NULL,
	"polygon" jsonb NOT NULL,
	"min_lng" double precision NOT NULL,
	"min_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"size" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'free' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "burials" ADD CONSTRAINT "burials_plot_id_plots_id_fk" FOREIGN KEY ("plot_id") REFERENCES "public"."plots"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cemeteries" ADD CONSTRAINT "cemeteries_akimat_id_akimats_id_fk" FOREIGN KEY ("akimat_id") REFERENCES "public"."akimats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_cemetery_id_cemeteries_id_fk" FOREIGN KEY ("cemetery_id") REFERENCES "public"."cemeteries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "burials_search_trgm_idx" ON "burials" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "burials_plot_idx" ON "burials" USING btree ("plot_id");--> statement-breakpoint
CREATE INDEX "burials_years_idx" ON "burials" USING btree ("death_year","birth_year");--> statement-breakpoint
CREATE UNIQUE INDEX "plots_place_uq" ON "plots" USING btree ("cemetery_id","sector","row","number");--> statement-breakpoint
CREATE INDEX "plots_bbox_idx" ON "plots" USING btree ("cemetery_id","min_lng","max_lng","min_lat","max_lat");--> statement-breakpoint
CREATE INDEX "plots_status_idx" ON "plots" USING btree ("cemetery_id","status");