-- The content itself (docs/api.md#media-items-and-notes, #revisions; docs/decisions/0140): every item of
-- a submission (the video, or every slide of a carousel), the notes of its most recent rejection,
-- and every version the creator sent with the decision about it.
ALTER TABLE "submissions" ADD COLUMN "media_items" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "notes" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Submissions from before: their one item is media_url, with what inspection measured. No live
-- event for this rewrite of every row (nothing a client shows changes but the new field).
ALTER TABLE "submissions" DISABLE TRIGGER "submissions_events";
--> statement-breakpoint
UPDATE "submissions" SET "media_items" = jsonb_build_array(jsonb_build_object(
  'type', CASE WHEN "media_type" = 'video' THEN 'video' ELSE 'image' END,
  'url', "media_url",
  'thumbnail_url', "thumbnail_url",
  'width', "media" -> 'width',
  'height', "media" -> 'height',
  'duration_s', "media" -> 'duration_s'))
WHERE "media_url" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "submissions" ENABLE TRIGGER "submissions_events";
--> statement-breakpoint
-- One row per version of a submission (revision 0 = the first), kept by a trigger on submissions in
-- the transaction of every change: what was sent, its checks, and the decision about it with who
-- made it (the transaction's audit actor; the platform when there is none: the review bar,
-- automatic review, the demo seed).
CREATE TABLE "submission_versions" (
	"submission_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"media_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp (6) with time zone,
	"checks" jsonb,
	"decision_status" text,
	"feedback" text,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_at" timestamp (6) with time zone,
	"decided_by_type" text,
	"decided_by_id" text,
	"decided_by_label" text,
	CONSTRAINT "submission_versions_pk" PRIMARY KEY("submission_id","revision"),
	CONSTRAINT "submission_versions_decision_check" CHECK ("submission_versions"."decision_status" in ('approved', 'rejected', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The versions of submissions from before: the current one only (earlier ones were not kept).
INSERT INTO "submission_versions" ("submission_id", "revision", "media_items", "submitted_at", "checks",
  "decision_status", "feedback", "notes", "decided_at", "decided_by_type", "decided_by_id", "decided_by_label")
SELECT s."id", s."revision_count", s."media_items", s."submitted_at", s."checks",
  CASE WHEN s."status" IN ('approved', 'rejected', 'failed') THEN s."status"::text END,
  CASE WHEN s."status" = 'rejected' THEN s."feedback" END,
  '[]'::jsonb,
  CASE WHEN s."status" IN ('approved', 'rejected', 'failed') THEN coalesce(s."reviewed_at", s."updated_at") END,
  CASE WHEN s."status" IN ('approved', 'rejected', 'failed') THEN
    CASE WHEN s."reviewed_by_label" IS NOT NULL THEN 'member' WHEN s."reviewed_by_key_id" IS NOT NULL THEN 'key' ELSE 'ops' END END,
  CASE WHEN s."status" IN ('approved', 'rejected', 'failed') AND s."reviewed_by_label" IS NULL THEN s."reviewed_by_key_id"::text END,
  CASE WHEN s."status" IN ('approved', 'rejected', 'failed') THEN
    coalesce(s."reviewed_by_label", (SELECT 'key ' || k."prefix" || '…' FROM "api_keys" k WHERE k."id" = s."reviewed_by_key_id"), 'the platform') END
FROM "submissions" s;
--> statement-breakpoint
CREATE FUNCTION cc_submission_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_decided boolean;
  v_new_decision boolean;
  v_actor jsonb;
BEGIN
  v_decided := NEW.status IN ('approved', 'rejected', 'failed');
  IF TG_OP = 'UPDATE' THEN
    IF NEW.revision_count = OLD.revision_count
      AND NEW.status = OLD.status
      AND NEW.media_items IS NOT DISTINCT FROM OLD.media_items
      AND NEW.checks IS NOT DISTINCT FROM OLD.checks
      AND NEW.submitted_at IS NOT DISTINCT FROM OLD.submitted_at
      AND NEW.feedback IS NOT DISTINCT FROM OLD.feedback
      AND NEW.notes IS NOT DISTINCT FROM OLD.notes THEN
      RETURN NULL;
    END IF;
    v_new_decision := v_decided AND (OLD.status IS DISTINCT FROM NEW.status
      OR OLD.revision_count <> NEW.revision_count);
  ELSE
    v_new_decision := v_decided;
  END IF;
  IF v_new_decision THEN
    v_actor := coalesce(nullif(current_setting('cc.audit_actor', true), '')::jsonb,
      '{"type": "ops", "id": null, "label": "the platform"}'::jsonb);
  END IF;
  INSERT INTO submission_versions AS v ("submission_id", "revision", "media_items", "submitted_at", "checks",
    "decision_status", "feedback", "notes", "decided_at", "decided_by_type", "decided_by_id", "decided_by_label")
  VALUES (NEW.id, NEW.revision_count, NEW.media_items, NEW.submitted_at, NEW.checks,
    CASE WHEN v_new_decision THEN NEW.status::text END,
    CASE WHEN v_new_decision AND NEW.status = 'rejected' THEN NEW.feedback END,
    CASE WHEN v_new_decision AND NEW.status = 'rejected' THEN NEW.notes ELSE '[]'::jsonb END,
    CASE WHEN v_new_decision THEN
      CASE WHEN NEW.status = 'failed' THEN now() ELSE coalesce(NEW.reviewed_at, now()) END END,
    v_actor ->> 'type', v_actor ->> 'id', v_actor ->> 'label')
  ON CONFLICT ("submission_id", "revision") DO UPDATE SET
    "media_items" = EXCLUDED."media_items",
    "submitted_at" = EXCLUDED."submitted_at",
    "checks" = EXCLUDED."checks",
    "decision_status" = CASE WHEN v_new_decision THEN EXCLUDED."decision_status" WHEN v_decided THEN v."decision_status" END,
    "feedback" = CASE WHEN v_new_decision THEN EXCLUDED."feedback" WHEN v_decided THEN v."feedback" END,
    "notes" = CASE WHEN v_new_decision THEN EXCLUDED."notes" WHEN v_decided THEN v."notes" ELSE '[]'::jsonb END,
    "decided_at" = CASE WHEN v_new_decision THEN EXCLUDED."decided_at" WHEN v_decided THEN v."decided_at" END,
    "decided_by_type" = CASE WHEN v_new_decision THEN EXCLUDED."decided_by_type" WHEN v_decided THEN v."decided_by_type" END,
    "decided_by_id" = CASE WHEN v_new_decision THEN EXCLUDED."decided_by_id" WHEN v_decided THEN v."decided_by_id" END,
    "decided_by_label" = CASE WHEN v_new_decision THEN EXCLUDED."decided_by_label" WHEN v_decided THEN v."decided_by_label" END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER submissions_versions AFTER INSERT OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION cc_submission_version();
