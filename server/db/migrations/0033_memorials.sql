CREATE TABLE "memorial_access_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_access_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"memorial_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_claims" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_claims_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"burial_id" integer NOT NULL,
	"cemetery_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"relation" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"memorial_id" integer NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"user_id" integer,
	"invited_by" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_suggestions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_suggestions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"memorial_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorial_tribute_reports" (
	"tribute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memorial_tribute_reports_tribute_id_user_id_pk" PRIMARY KEY("tribute_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "memorial_tributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorial_tributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"memorial_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memorials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "memorials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"burial_id" integer NOT NULL,
	"code" text NOT NULL,
	"visibility" text DEFAULT 'link' NOT NULL,
	"noindex" boolean DEFAULT true NOT NULL,
	"epitaph_ru" text DEFAULT '' NOT NULL,
	"epitaph_kk" text DEFAULT '' NOT NULL,
	"biography_ru" text DEFAULT '' NOT NULL,
	"biography_kk" text DEFAULT '' NOT NULL,
	"achievements_ru" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"achievements_kk" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"portrait_id" uuid,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_access_requests" ADD CONSTRAINT "memorial_access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_claims" ADD CONSTRAINT "memorial_claims_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_claims" ADD CONSTRAINT "memorial_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_claims" ADD CONSTRAINT "memorial_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_members" ADD CONSTRAINT "memorial_members_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_members" ADD CONSTRAINT "memorial_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_members" ADD CONSTRAINT "memorial_members_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_suggestions" ADD CONSTRAINT "memorial_suggestions_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_suggestions" ADD CONSTRAINT "memorial_suggestions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_suggestions" ADD CONSTRAINT "memorial_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_tribute_reports" ADD CONSTRAINT "memorial_tribute_reports_tribute_id_memorial_tributes_id_fk" FOREIGN KEY ("tribute_id") REFERENCES "public"."memorial_tributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_tribute_reports" ADD CONSTRAINT "memorial_tribute_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_tributes" ADD CONSTRAINT "memorial_tributes_memorial_id_memorials_id_fk" FOREIGN KEY ("memorial_id") REFERENCES "public"."memorials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_tributes" ADD CONSTRAINT "memorial_tributes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorial_tributes" ADD CONSTRAINT "memorial_tributes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_burial_id_burials_id_fk" FOREIGN KEY ("burial_id") REFERENCES "public"."burials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memorials" ADD CONSTRAINT "memorials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_access_open_uq" ON "memorial_access_requests" USING btree ("memorial_id","user_id") WHERE "memorial_access_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "memorial_access_memorial_idx" ON "memorial_access_requests" USING btree ("memorial_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_claims_open_uq" ON "memorial_claims" USING btree ("burial_id","user_id") WHERE "memorial_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "memorial_claims_queue_idx" ON "memorial_claims" USING btree ("cemetery_id","status","created_at");--> statement-breakpoint
CREATE INDEX "memorial_claims_user_idx" ON "memorial_claims" USING btree ("user_id","burial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memorial_members_phone_uq" ON "memorial_members" USING btree ("memorial_id","phone");--> statement-breakpoint
CREATE INDEX "memorial_members_user_idx" ON "memorial_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memorial_members_invited_idx" ON "memorial_members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "memorial_suggestions_memorial_idx" ON "memorial_suggestions" USING btree ("memorial_id","status","created_at");--> statement-breakpoint
CREATE INDEX "memorial_tributes_memorial_idx" ON "memorial_tributes" USING btree ("memorial_id","status","created_at");--> statement-breakpoint
CREATE INDEX "memorial_tributes_author_idx" ON "memorial_tributes" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memorials_burial_uq" ON "memorials" USING btree ("burial_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memorials_code_uq" ON "memorials" USING btree ("code");--> statement-breakpoint
CREATE INDEX "memorials_public_idx" ON "memorials" USING btree ("burial_id") WHERE "memorials"."visibility" = 'public';