CREATE TABLE "campaign_totals" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"creators_applied" bigint DEFAULT 0 NOT NULL,
	"creators_approved" bigint DEFAULT 0 NOT NULL,
	"submissions_in_review" bigint DEFAULT 0 NOT NULL,
	"submissions_approved" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_description" text NOT NULL,
	"commission_cents" integer NOT NULL,
	"codes_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_groups_commission_check" CHECK ("code_groups"."commission_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"user_description" text NOT NULL,
	"total_uses" bigint DEFAULT 0 NOT NULL,
	"assigned_campaign_id" uuid,
	"assigned_creator_id" text,
	"earnings_cents" bigint DEFAULT 0 NOT NULL,
	"last_reported_at" timestamp (6) with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_assignment_check" CHECK (("discount_codes"."assigned_campaign_id" is null) = ("discount_codes"."assigned_creator_id" is null)),
	CONSTRAINT "discount_codes_totals_check" CHECK ("discount_codes"."total_uses" >= 0 and "discount_codes"."earnings_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "post_totals" (
	"campaign_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"live_posts" bigint DEFAULT 0 NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"saves" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "post_totals_campaign_id_task_id_platform_pk" PRIMARY KEY("campaign_id","task_id","platform")
);
--> statement-breakpoint
ALTER TABLE "campaign_totals" ADD CONSTRAINT "campaign_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_groups" ADD CONSTRAINT "code_groups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_group_id_code_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."code_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_assignee_fk" FOREIGN KEY ("assigned_campaign_id","assigned_creator_id") REFERENCES "public"."campaign_creators"("campaign_id","creator_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_totals" ADD CONSTRAINT "post_totals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_groups_brand_created_idx" ON "code_groups" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discount_codes_brand_code_idx" ON "discount_codes" USING btree ("brand_id","code");--> statement-breakpoint
CREATE INDEX "discount_codes_group_code_idx" ON "discount_codes" USING btree ("group_id","code");--> statement-breakpoint
CREATE INDEX "discount_codes_assignee_idx" ON "discount_codes" USING btree ("assigned_campaign_id","assigned_creator_id");--> statement-breakpoint
-- post_totals: live posts and their metrics per campaign, task and platform, moved by every change
-- of posts in the same transaction, so the metrics report never reads the posts themselves. One
-- statement-level trigger per event (transition tables): a statement touching many posts updates
-- each totals row once.
CREATE FUNCTION cc_post_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only UPDATE here: a campaign being deleted may already have lost its totals rows.
    UPDATE post_totals t SET
      live_posts = t.live_posts - d.n, views = t.views - d.views, likes = t.likes - d.likes,
      comments = t.comments - d.comments, shares = t.shares - d.shares, saves = t.saves - d.saves
    FROM (SELECT campaign_id, task_id, platform, count(*) AS n, sum(views) AS views, sum(likes) AS likes,
            sum(comments) AS comments, sum(shares) AS shares, sum(saves) AS saves
          FROM old_posts WHERE status = 'live' GROUP BY campaign_id, task_id, platform) d
    WHERE t.campaign_id = d.campaign_id AND t.task_id = d.task_id AND t.platform = d.platform;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_totals AS t (campaign_id, task_id, platform, live_posts, views, likes, comments, shares, saves)
    SELECT campaign_id, task_id, platform, count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
    FROM new_posts WHERE status = 'live'
    GROUP BY campaign_id, task_id, platform
    ON CONFLICT (campaign_id, task_id, platform) DO UPDATE SET
      live_posts = t.live_posts + EXCLUDED.live_posts, views = t.views + EXCLUDED.views, likes = t.likes + EXCLUDED.likes,
      comments = t.comments + EXCLUDED.comments, shares = t.shares + EXCLUDED.shares, saves = t.saves + EXCLUDED.saves;
    RETURN NULL;
  END IF;
  -- UPDATE: what the changed rows add now minus what they added before, per totals row.
  INSERT INTO post_totals AS t (campaign_id, task_id, platform, live_posts, views, likes, comments, shares, saves)
  SELECT campaign_id, task_id, platform, sum(n), sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
  FROM (
    SELECT campaign_id, task_id, platform, 1 AS n, views, likes, comments, shares, saves
      FROM new_posts WHERE status = 'live'
    UNION ALL
    SELECT campaign_id, task_id, platform, -1, -views, -likes, -comments, -shares, -saves
      FROM old_posts WHERE status = 'live'
  ) x
  GROUP BY campaign_id, task_id, platform
  HAVING sum(n) <> 0 OR sum(views) <> 0 OR sum(likes) <> 0 OR sum(comments) <> 0 OR sum(shares) <> 0 OR sum(saves) <> 0
  ON CONFLICT (campaign_id, task_id, platform) DO UPDATE SET
    live_posts = t.live_posts + EXCLUDED.live_posts, views = t.views + EXCLUDED.views, likes = t.likes + EXCLUDED.likes,
    comments = t.comments + EXCLUDED.comments, shares = t.shares + EXCLUDED.shares, saves = t.saves + EXCLUDED.saves;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_totals_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_totals();
--> statement-breakpoint
CREATE TRIGGER posts_totals_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_totals();
--> statement-breakpoint
CREATE TRIGGER posts_totals_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_totals();
--> statement-breakpoint
INSERT INTO post_totals (campaign_id, task_id, platform, live_posts, views, likes, comments, shares, saves)
SELECT campaign_id, task_id, platform, count(*), sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
FROM posts WHERE status = 'live' GROUP BY campaign_id, task_id, platform;
--> statement-breakpoint
-- Live events of discount codes (code.updated, one per code and transaction), for the brand of the
-- code's group; campaign_id is the campaign the code is assigned to, null while it is not.
-- Statement-level, so a report of thousands of codes writes its events in one statement.
CREATE FUNCTION cc_emit_code_events() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint := (pg_current_xact_id()::text)::bigint;
  v_count bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO events (brand_id, campaign_id, type, resource_id, tx_id)
    SELECT o.brand_id, o.assigned_campaign_id, 'code.updated', o.code, v_tx FROM old_codes o
    WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tx_id = v_tx AND e.resource_id = o.code AND e.type = 'code.updated')
    ORDER BY o.code;
  ELSE
    INSERT INTO events (brand_id, campaign_id, type, resource_id, tx_id)
    SELECT n.brand_id, n.assigned_campaign_id, 'code.updated', n.code, v_tx FROM new_codes n
    WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tx_id = v_tx AND e.resource_id = n.code AND e.type = 'code.updated')
    ORDER BY n.code;
  END IF;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  IF v_count > 0 THEN
    PERFORM pg_notify('cc_events', '');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER discount_codes_events_insert AFTER INSERT ON discount_codes REFERENCING NEW TABLE AS new_codes FOR EACH STATEMENT EXECUTE FUNCTION cc_emit_code_events();
--> statement-breakpoint
CREATE TRIGGER discount_codes_events_update AFTER UPDATE ON discount_codes REFERENCING NEW TABLE AS new_codes FOR EACH STATEMENT EXECUTE FUNCTION cc_emit_code_events();
--> statement-breakpoint
CREATE TRIGGER discount_codes_events_delete AFTER DELETE ON discount_codes REFERENCING OLD TABLE AS old_codes FOR EACH STATEMENT EXECUTE FUNCTION cc_emit_code_events();
--> statement-breakpoint
-- campaign_totals: the funnel of each campaign, moved by every change of campaign_creators in the
-- same transaction (statement-level, one row per campaign and statement). Changes that leave the
-- funnel alone (metrics, spend) write nothing, so they never wait on the campaign's row.
CREATE FUNCTION cc_campaign_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE campaign_totals t SET
      creators_applied = t.creators_applied - d.applied, creators_approved = t.creators_approved - d.approved,
      submissions_in_review = t.submissions_in_review - d.in_review, submissions_approved = t.submissions_approved - d.sub_approved
    FROM (SELECT campaign_id, count(*) AS applied, count(*) FILTER (WHERE status = 'approved') AS approved,
            sum(in_review_count) AS in_review, sum(approved_count) AS sub_approved
          FROM old_participations GROUP BY campaign_id) d
    WHERE t.campaign_id = d.campaign_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_totals AS t (campaign_id, creators_applied, creators_approved, submissions_in_review, submissions_approved)
    SELECT campaign_id, count(*), count(*) FILTER (WHERE status = 'approved'), sum(in_review_count), sum(approved_count)
    FROM new_participations GROUP BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      creators_applied = t.creators_applied + EXCLUDED.creators_applied,
      creators_approved = t.creators_approved + EXCLUDED.creators_approved,
      submissions_in_review = t.submissions_in_review + EXCLUDED.submissions_in_review,
      submissions_approved = t.submissions_approved + EXCLUDED.submissions_approved;
    RETURN NULL;
  END IF;
  INSERT INTO campaign_totals AS t (campaign_id, creators_applied, creators_approved, submissions_in_review, submissions_approved)
  SELECT campaign_id, sum(applied), sum(approved), sum(in_review), sum(sub_approved)
  FROM (
    SELECT campaign_id, 1 AS applied, (status = 'approved')::int AS approved, in_review_count AS in_review, approved_count AS sub_approved
      FROM new_participations
    UNION ALL
    SELECT campaign_id, -1, -(status = 'approved')::int, -in_review_count, -approved_count
      FROM old_participations
  ) x
  GROUP BY campaign_id
  HAVING sum(applied) <> 0 OR sum(approved) <> 0 OR sum(in_review) <> 0 OR sum(sub_approved) <> 0
  ON CONFLICT (campaign_id) DO UPDATE SET
    creators_applied = t.creators_applied + EXCLUDED.creators_applied,
    creators_approved = t.creators_approved + EXCLUDED.creators_approved,
    submissions_in_review = t.submissions_in_review + EXCLUDED.submissions_in_review,
    submissions_approved = t.submissions_approved + EXCLUDED.submissions_approved;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_creators_totals_insert AFTER INSERT ON campaign_creators REFERENCING NEW TABLE AS new_participations FOR EACH STATEMENT EXECUTE FUNCTION cc_campaign_totals();
--> statement-breakpoint
CREATE TRIGGER campaign_creators_totals_update AFTER UPDATE ON campaign_creators REFERENCING OLD TABLE AS old_participations NEW TABLE AS new_participations FOR EACH STATEMENT EXECUTE FUNCTION cc_campaign_totals();
--> statement-breakpoint
CREATE TRIGGER campaign_creators_totals_delete AFTER DELETE ON campaign_creators REFERENCING OLD TABLE AS old_participations FOR EACH STATEMENT EXECUTE FUNCTION cc_campaign_totals();
--> statement-breakpoint
INSERT INTO campaign_totals (campaign_id, creators_applied, creators_approved, submissions_in_review, submissions_approved)
SELECT campaign_id, count(*), count(*) FILTER (WHERE status = 'approved'), sum(in_review_count), sum(approved_count)
FROM campaign_creators GROUP BY campaign_id;
