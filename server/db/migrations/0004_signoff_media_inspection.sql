CREATE TYPE "public"."review_awaiting" AS ENUM('agency', 'brand');--> statement-breakpoint
CREATE TABLE "inspection_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp (6) with time zone,
	"lock_token" uuid,
	"last_error" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (6) with time zone,
	CONSTRAINT "inspection_jobs_state_check" CHECK ("inspection_jobs"."state" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "awaiting" "review_awaiting";--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "agency_approved_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "agency_approved_by_key_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "media" jsonb;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "inspection_jobs" ADD CONSTRAINT "inspection_jobs_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_jobs_submission_revision_idx" ON "inspection_jobs" USING btree ("submission_id","revision");--> statement-breakpoint
CREATE INDEX "inspection_jobs_due_idx" ON "inspection_jobs" USING btree ("state","run_at");