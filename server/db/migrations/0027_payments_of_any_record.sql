CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" text NOT NULL,
	"subject" text NOT NULL,
	"subject_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_request_id_burial_requests_id_fk";
--> statement-breakpoint
DROP INDEX "payments_request_pending_uq";--> statement-breakpoint
-- Every payment so far paid a booking: it keeps its row, now naming its subject.
ALTER TABLE "payments" ADD COLUMN "subject" text NOT NULL DEFAULT 'burial_request';--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "subject" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "request_id" TO "subject_id";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_subject_idx" ON "refunds" USING btree ("subject","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subject_pending_uq" ON "payments" USING btree ("subject","subject_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("subject","subject_id");
