CREATE TABLE "usage_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_ids" uuid[] NOT NULL,
	"group_id" uuid,
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"outcome" text NOT NULL,
	"rows" integer NOT NULL,
	"codes_changed" integer NOT NULL,
	"uses_added" bigint DEFAULT 0 NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sender" text NOT NULL,
	"message_id" text,
	"received_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_reports_channel_check" CHECK ("usage_reports"."channel" in ('api', 'dashboard', 'email')),
	CONSTRAINT "usage_reports_format_check" CHECK ("usage_reports"."format" in ('json', 'csv')),
	CONSTRAINT "usage_reports_outcome_check" CHECK ("usage_reports"."outcome" in ('applied', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "code_groups" ADD COLUMN "intake_token" text DEFAULT substr(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'), 1, 32) NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_reports" ADD CONSTRAINT "usage_reports_group_id_code_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."code_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_reports_received_idx" ON "usage_reports" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "usage_reports_brands_idx" ON "usage_reports" USING gin ("brand_ids");--> statement-breakpoint
CREATE INDEX "usage_reports_group_received_idx" ON "usage_reports" USING btree ("group_id","received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "usage_reports_message_idx" ON "usage_reports" USING btree ("group_id","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "code_groups_intake_token_idx" ON "code_groups" USING btree ("intake_token");--> statement-breakpoint
-- Live events of usage reports (usage_report.created), one per brand the report is visible to,
-- written in the transaction that records the report.
CREATE FUNCTION cc_emit_usage_report_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint := (pg_current_xact_id()::text)::bigint;
BEGIN
  INSERT INTO events (brand_id, campaign_id, type, resource_id, tx_id)
  SELECT DISTINCT b, NULL::uuid, 'usage_report.created', NEW.id::text, v_tx FROM unnest(NEW.brand_ids) AS b;
  PERFORM pg_notify('cc_events', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER usage_reports_events AFTER INSERT ON usage_reports FOR EACH ROW EXECUTE FUNCTION cc_emit_usage_report_event();
