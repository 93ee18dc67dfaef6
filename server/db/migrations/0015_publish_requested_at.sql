-- Getting a campaign live (docs/api.md#getting-live, docs/decisions/0145): when a campaign was
-- sent for approval, the platform's recent review decisions (how long review usually takes), and
-- the audit word of a withdrawn request.
ALTER TABLE "campaigns" ADD COLUMN "publish_requested_at" timestamp (6) with time zone;
--> statement-breakpoint
-- Campaigns already waiting were sent at their last change at the latest.
UPDATE "campaigns" SET "publish_requested_at" = "updated_at" WHERE "status" = 'pending_approval';
--> statement-breakpoint
-- One row per review decision of a publish request: how long it waited. Read newest first, a
-- bounded number at a time (docs/decisions/0146).
CREATE TABLE "publish_reviews" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"campaign_id" uuid NOT NULL,
	"requested_at" timestamp (6) with time zone NOT NULL,
	"decided_at" timestamp (6) with time zone NOT NULL,
	"approved" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publish_reviews_decided_idx" ON "publish_reviews" ("decided_at" DESC);
--> statement-breakpoint
-- pending_approval -> draft is a denial when it leaves a publish_denied detail, else the brand
-- withdrew the request. Otherwise the function is 0006's.
CREATE OR REPLACE FUNCTION cc_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_actor jsonb;
  v_kind text := TG_ARGV[0];
  v_ignored text[] := TG_ARGV[1]::text[];
  v_masked text[] := coalesce(TG_ARGV[2], '{}')::text[];
  v_old jsonb;
  v_new jsonb;
  v_row jsonb;
  v_changes jsonb := '{}'::jsonb;
  v_key text;
  v_action text;
  v_target text;
  v_campaign uuid;
  v_brand uuid;
  v_agency uuid;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  v_actor := nullif(current_setting('cc.audit_actor', true), '')::jsonb;
  IF v_actor IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN v_old := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN v_new := to_jsonb(NEW); END IF;
  v_row := coalesce(v_new, v_old);
  FOR v_key IN SELECT jsonb_object_keys(v_row) LOOP
    CONTINUE WHEN v_key = ANY (v_ignored);
    IF (v_old -> v_key) IS DISTINCT FROM (v_new -> v_key) AND v_key = ANY (v_masked) THEN
      -- A secret that changed: the entry says so without holding it.
      v_changes := v_changes || jsonb_build_object(v_key, jsonb_build_array(
        CASE WHEN v_old -> v_key IS NULL THEN NULL ELSE '(secret)' END,
        CASE WHEN v_new -> v_key IS NULL THEN NULL ELSE '(secret)' END));
    ELSIF (v_old -> v_key) IS DISTINCT FROM (v_new -> v_key) THEN
      v_changes := v_changes || jsonb_build_object(v_key, jsonb_build_array(v_old -> v_key, v_new -> v_key));
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND v_changes = '{}'::jsonb THEN RETURN NULL; END IF;

  v_action := CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'DELETE' THEN 'deleted' ELSE 'updated' END;
  IF TG_OP = 'INSERT' AND v_kind = 'creator' THEN
    v_action := 'applied';
  ELSIF TG_OP = 'INSERT' AND v_kind = 'member' THEN
    v_action := 'joined';
  ELSIF TG_OP = 'DELETE' AND v_kind = 'member' THEN
    v_action := 'removed';
  ELSIF TG_OP = 'UPDATE' THEN
    IF v_changes ? 'status' THEN
      v_action := CASE
        WHEN v_kind = 'campaign' THEN CASE v_new ->> 'status'
          WHEN 'pending_approval' THEN 'publish_requested'
          WHEN 'active' THEN CASE v_old ->> 'status'
            WHEN 'paused' THEN 'resumed' WHEN 'pending_approval' THEN 'approved' ELSE 'published' END
          WHEN 'draft' THEN CASE WHEN v_new -> 'status_detail' ->> 'kind' = 'publish_denied' THEN 'publish_denied' ELSE 'withdrawn' END
          ELSE v_new ->> 'status' END
        WHEN v_kind = 'submission' AND v_new ->> 'status' = 'in_review' THEN 'revised'
        WHEN v_kind = 'post' AND v_new ->> 'status' = 'deleted' THEN 'taken_down'
        ELSE v_new ->> 'status' END;
    ELSIF v_kind = 'submission' AND v_changes ? 'agency_approved_at' AND v_new ->> 'agency_approved_at' IS NOT NULL THEN
      v_action := 'agency_approved';
    ELSIF v_kind = 'code' AND v_changes ? 'assigned_creator_id' THEN
      v_action := CASE WHEN v_new ->> 'assigned_creator_id' IS NULL THEN 'unassigned' ELSE 'assigned' END;
    ELSIF v_kind = 'code_group' AND v_changes ? 'intake_token' THEN
      v_action := 'intake_rotated';
    ELSIF v_kind = 'key' AND v_changes ? 'revoked_at' THEN
      v_action := 'revoked';
    ELSIF v_kind = 'member' AND v_changes ? 'role' THEN
      v_action := 'role_changed';
    ELSIF v_kind = 'invitation' AND v_changes ? 'accepted_at' THEN
      v_action := 'accepted';
    END IF;
  END IF;

  v_target := CASE v_kind
    WHEN 'creator' THEN v_row ->> 'creator_id'
    WHEN 'code' THEN v_row ->> 'code'
    ELSE v_row ->> 'id' END;
  v_campaign := CASE v_kind
    WHEN 'campaign' THEN (v_row ->> 'id')::uuid
    WHEN 'code' THEN coalesce(v_new ->> 'assigned_campaign_id', v_old ->> 'assigned_campaign_id')::uuid
    ELSE (v_row ->> 'campaign_id')::uuid END;
  v_brand := (v_row ->> 'brand_id')::uuid;
  v_agency := (v_row ->> 'agency_id')::uuid;
  IF v_kind = 'session' THEN
    SELECT m.brand_id, m.agency_id INTO v_brand, v_agency FROM members m WHERE m.id = (v_row ->> 'member_id')::uuid;
  END IF;
  IF v_brand IS NULL AND v_agency IS NULL AND v_campaign IS NOT NULL THEN
    SELECT c.brand_id INTO v_brand FROM campaigns c WHERE c.id = v_campaign;
  END IF;
  -- Rows deleted by a cascade (a campaign's tasks, a removed member's sessions) fire after their
  -- parent is gone, whatever pg_trigger_depth says: no owner left, no entry (the parent's says it).
  IF v_brand IS NULL AND v_agency IS NULL THEN RETURN NULL; END IF;

  INSERT INTO audit_events (actor_type, actor_id, actor_label, action, target_type, target_id,
    campaign_id, brand_id, agency_id, changes, request_id)
  VALUES (v_actor ->> 'type', v_actor ->> 'id', coalesce(v_actor ->> 'label', v_actor ->> 'type'),
    v_kind || '.' || v_action, v_kind, v_target, v_campaign, v_brand, v_agency, v_changes,
    nullif(current_setting('cc.request_id', true), ''));
  RETURN NULL;
END
$$;
