CREATE TYPE "public"."campaign_status" AS ENUM('draft', 'pending_approval', 'active', 'paused', 'completed');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TYPE "public"."visibility" AS ENUM('public', 'unlisted');--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" "campaign_status" DEFAULT 'draft' NOT NULL,
	"status_detail" jsonb,
	"visibility" "visibility" DEFAULT 'public' NOT NULL,
	"invite_code" text,
	"description" text,
	"instructions" text,
	"icon_url" text,
	"brief_url" text,
	"video_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"targeting" jsonb,
	"product" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	"accepting_submissions" boolean DEFAULT false NOT NULL,
	"content_deadline_date" date,
	"post_deadline_date" date,
	"weekly_video_cap" integer,
	"tasks_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "campaigns_invite_code_check" CHECK (("campaigns"."visibility" = 'unlisted' and "campaigns"."invite_code" is not null) or ("campaigns"."visibility" = 'public' and "campaigns"."invite_code" is null)),
	CONSTRAINT "campaigns_spent_cents_check" CHECK ("campaigns"."spent_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"api_key_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_api_key_id_key_pk" PRIMARY KEY("api_key_id","key")
);
--> statement-breakpoint
CREATE TABLE "service_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"title" text NOT NULL,
	"instructions" text NOT NULL,
	"platforms" text[] NOT NULL,
	"formats" text[] NOT NULL,
	"caption" text,
	"require_ad_disclosure" boolean NOT NULL,
	"tiktok_sound_url" text,
	"instagram_sound_url" text,
	"video_examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_url" text,
	"review_mode" text NOT NULL,
	"autoreview_prompt" text,
	"is_required" boolean NOT NULL,
	"max_posts_per_creator" integer,
	"display_order" integer NOT NULL,
	"status" "task_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_brand_created_idx" ON "campaigns" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tasks_campaign_order_idx" ON "tasks" USING btree ("campaign_id","display_order","created_at","id");