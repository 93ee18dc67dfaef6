CREATE TYPE "public"."creator_status" AS ENUM('applied', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."media_type" AS ENUM('video', 'carousel');--> statement-breakpoint
CREATE TYPE "public"."post_status" AS ENUM('live', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('in_review', 'approved', 'rejected', 'failed', 'post_deleted');--> statement-breakpoint
CREATE TABLE "campaign_creators" (
	"campaign_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"status" "creator_status" NOT NULL,
	"applied_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (6) with time zone,
	"decided_by_key_id" uuid,
	"reason" text,
	"submitted_count" bigint DEFAULT 0 NOT NULL,
	"in_review_count" bigint DEFAULT 0 NOT NULL,
	"approved_count" bigint DEFAULT 0 NOT NULL,
	"rejected_count" bigint DEFAULT 0 NOT NULL,
	"live_posts" bigint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"saves" bigint DEFAULT 0 NOT NULL,
	"spend_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_creators_campaign_id_creator_id_pk" PRIMARY KEY("campaign_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "creators" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creators_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"brand_id" uuid NOT NULL,
	"campaign_id" uuid,
	"type" text NOT NULL,
	"resource_id" text NOT NULL,
	"occurred_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"tx_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"is_story" boolean DEFAULT false NOT NULL,
	"status" "post_status" DEFAULT 'live' NOT NULL,
	"posted_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"saves" bigint DEFAULT 0 NOT NULL,
	"metrics_updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"status" "submission_status" NOT NULL,
	"media_type" "media_type" NOT NULL,
	"media_url" text,
	"thumbnail_url" text,
	"revision_count" integer DEFAULT 0 NOT NULL,
	"feedback" text,
	"failure_reason" text,
	"submitted_at" timestamp (6) with time zone,
	"reviewed_at" timestamp (6) with time zone,
	"reviewed_by_key_id" uuid,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_creators" ADD CONSTRAINT "campaign_creators_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_creators" ADD CONSTRAINT "campaign_creators_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_creators_applied_idx" ON "campaign_creators" USING btree ("campaign_id","applied_at" DESC NULLS LAST,"creator_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaign_creators_creator_idx" ON "campaign_creators" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "events_position_idx" ON "events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE INDEX "events_dedupe_idx" ON "events" USING btree ("tx_id","resource_id","type");--> statement-breakpoint
CREATE INDEX "events_occurred_idx" ON "events" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "payouts_campaign_creator_idx" ON "payouts" USING btree ("campaign_id","creator_id");--> statement-breakpoint
CREATE INDEX "posts_campaign_posted_idx" ON "posts" USING btree ("campaign_id","posted_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "submissions_review_order_idx" ON "submissions" USING btree ("campaign_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_campaign_order_idx" ON "submissions" USING btree ("campaign_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_creator_idx" ON "submissions" USING btree ("campaign_id","creator_id","task_id");--> statement-breakpoint
-- Live events (docs/api.md#live-events): one outbox row per change, written in the changing transaction.
-- TG_ARGV: event type on INSERT, event type on UPDATE, the column holding the resource id.
CREATE FUNCTION cc_emit_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_json jsonb := to_jsonb(NEW);
  v_campaign uuid;
  v_brand uuid;
  v_type text;
  v_id text;
  v_tx bigint := (pg_current_xact_id()::text)::bigint;
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    v_campaign := NEW.id;
    v_brand := NEW.brand_id;
  ELSE
    v_campaign := (row_json->>'campaign_id')::uuid;
    SELECT brand_id INTO v_brand FROM campaigns WHERE id = v_campaign;
  END IF;
  IF v_brand IS NULL THEN
    RETURN NULL;
  END IF;
  v_type := CASE WHEN TG_OP = 'INSERT' THEN TG_ARGV[0] ELSE TG_ARGV[1] END;
  v_id := row_json->>TG_ARGV[2];
  -- One event per resource and kind per transaction: a client refetches once.
  IF EXISTS (SELECT 1 FROM events WHERE tx_id = v_tx AND resource_id = v_id AND type = v_type) THEN
    RETURN NULL;
  END IF;
  INSERT INTO events (brand_id, campaign_id, type, resource_id, tx_id) VALUES (v_brand, v_campaign, v_type, v_id, v_tx);
  -- Wakes the pollers of instances that LISTEN (sent at commit, once per transaction).
  PERFORM pg_notify('cc_events', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_events AFTER INSERT OR UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION cc_emit_event('campaign.updated', 'campaign.updated', 'id');
--> statement-breakpoint
CREATE TRIGGER tasks_events AFTER INSERT OR UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION cc_emit_event('campaign.updated', 'campaign.updated', 'campaign_id');
--> statement-breakpoint
CREATE TRIGGER campaign_creators_events AFTER INSERT OR UPDATE ON campaign_creators FOR EACH ROW EXECUTE FUNCTION cc_emit_event('creator.applied', 'creator.updated', 'creator_id');
--> statement-breakpoint
CREATE TRIGGER submissions_events AFTER INSERT OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION cc_emit_event('submission.created', 'submission.updated', 'id');
--> statement-breakpoint
CREATE TRIGGER posts_events AFTER INSERT OR UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION cc_emit_event('post.created', 'post.updated', 'id');
