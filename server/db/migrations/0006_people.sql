CREATE TYPE "public"."member_role" AS ENUM('admin', 'manager', 'reviewer', 'viewer');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"campaign_id" uuid,
	"brand_id" uuid,
	"agency_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text,
	CONSTRAINT "audit_events_actor_type_check" CHECK ("audit_events"."actor_type" in ('member', 'key', 'ops', 'email'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid,
	"agency_id" uuid,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (6) with time zone NOT NULL,
	"accepted_at" timestamp (6) with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_owner_check" CHECK (("invitations"."brand_id" is null) <> ("invitations"."agency_id" is null))
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid,
	"agency_id" uuid,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" "member_role" NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_owner_check" CHECK (("members"."brand_id" is null) <> ("members"."agency_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_api_key_id_api_keys_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" text DEFAULT 'ops' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_brand_idx" ON "audit_events" USING btree ("brand_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_agency_idx" ON "audit_events" USING btree ("agency_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_campaign_idx" ON "audit_events" USING btree ("campaign_id","occurred_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_idx" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "members_brand_idx" ON "members" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "members_agency_idx" ON "members" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
-- The audit trail (docs/api.md#people). Every write of a request runs in a transaction that
-- names its actor and request id (transaction() in db/client.ts: set_config of cc.audit_actor and
-- cc.request_id, local to the transaction); these triggers append one entry per changed row of
-- the audited tables in that same transaction. Rows changed by other triggers (running totals) or
-- by cascades (pg_trigger_depth() > 1), and transactions without an actor (the demo seed, the
-- inspection worker), write none. Columns that are secrets or bookkeeping are left out of
-- `changes`; an update that changes nothing else writes no entry.
CREATE FUNCTION cc_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
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
          WHEN 'draft' THEN 'publish_denied'
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
--> statement-breakpoint
CREATE TRIGGER campaigns_audit AFTER INSERT OR UPDATE OR DELETE ON campaigns FOR EACH ROW EXECUTE FUNCTION cc_audit_row('campaign', '{updated_at,tasks_count,spent_cents}');
--> statement-breakpoint
CREATE TRIGGER tasks_audit AFTER INSERT OR UPDATE OR DELETE ON tasks FOR EACH ROW EXECUTE FUNCTION cc_audit_row('task', '{updated_at}');
--> statement-breakpoint
CREATE TRIGGER submissions_audit AFTER INSERT OR UPDATE OR DELETE ON submissions FOR EACH ROW EXECUTE FUNCTION cc_audit_row('submission', '{updated_at,media,checks}');
--> statement-breakpoint
CREATE TRIGGER campaign_creators_audit AFTER INSERT OR UPDATE OR DELETE ON campaign_creators FOR EACH ROW EXECUTE FUNCTION cc_audit_row('creator', '{updated_at,submitted_count,in_review_count,approved_count,rejected_count,live_posts,views,likes,comments,shares,saves,spend_cents}');
--> statement-breakpoint
CREATE TRIGGER posts_audit AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION cc_audit_row('post', '{metrics_updated_at}');
--> statement-breakpoint
CREATE TRIGGER payouts_audit AFTER INSERT OR UPDATE OR DELETE ON payouts FOR EACH ROW EXECUTE FUNCTION cc_audit_row('payout', '{}');
--> statement-breakpoint
CREATE TRIGGER code_groups_audit AFTER INSERT OR UPDATE OR DELETE ON code_groups FOR EACH ROW EXECUTE FUNCTION cc_audit_row('code_group', '{codes_count}', '{intake_token}');
--> statement-breakpoint
CREATE TRIGGER discount_codes_audit AFTER INSERT OR UPDATE OR DELETE ON discount_codes FOR EACH ROW EXECUTE FUNCTION cc_audit_row('code', '{}');
--> statement-breakpoint
CREATE TRIGGER members_audit AFTER INSERT OR UPDATE OR DELETE ON members FOR EACH ROW EXECUTE FUNCTION cc_audit_row('member', '{password_hash}');
--> statement-breakpoint
CREATE TRIGGER invitations_audit AFTER INSERT OR UPDATE OR DELETE ON invitations FOR EACH ROW EXECUTE FUNCTION cc_audit_row('invitation', '{token_hash}');
--> statement-breakpoint
CREATE TRIGGER api_keys_audit AFTER INSERT OR UPDATE OR DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION cc_audit_row('key', '{key_hash}');
--> statement-breakpoint
CREATE TRIGGER sessions_audit AFTER INSERT OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION cc_audit_row('session', '{token_hash,last_used_at}');
--> statement-breakpoint
-- Append-only: no statement changes or removes an entry (a superuser could drop the trigger;
-- the service's own code has no path that tries).
CREATE FUNCTION cc_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events FOR EACH ROW EXECUTE FUNCTION cc_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events FOR EACH STATEMENT EXECUTE FUNCTION cc_audit_append_only();
