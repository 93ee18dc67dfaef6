-- The history of a campaign's figures (docs/api.md#metrics-history, docs/decisions/0139): what its
-- live posts' metrics and its spend moved by, per campaign and clock hour (UTC), written by triggers
-- in the transaction of every change, like post_totals. Summed up to a day's end, the rows give the
-- campaign's figures as they stood that day, in any time zone whose offset is whole hours.
CREATE TABLE "campaign_metric_hours" (
	"campaign_id" uuid NOT NULL,
	"hour" timestamp (6) with time zone NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"shares" bigint DEFAULT 0 NOT NULL,
	"saves" bigint DEFAULT 0 NOT NULL,
	"spent_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_metric_hours_pk" PRIMARY KEY("campaign_id","hour")
);
--> statement-breakpoint
ALTER TABLE "campaign_metric_hours" ADD CONSTRAINT "campaign_metric_hours_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The hour a change belongs to: the transaction's clock, truncated to the hour in UTC.
CREATE FUNCTION cc_metric_hour() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT date_trunc('hour', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;
--> statement-breakpoint
-- Posts: what the live posts of each campaign add now minus what they added before (a post taken
-- down takes its metrics out, as the report does). A new live post writes its hour even without
-- metrics yet: the history starts the day the first post goes up. One statement-level trigger per
-- event.
CREATE FUNCTION cc_post_metric_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_metric_hours AS h (campaign_id, hour, views, likes, comments, shares, saves)
    SELECT campaign_id, cc_metric_hour(), sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
    FROM new_posts WHERE status = 'live' GROUP BY campaign_id
    ON CONFLICT (campaign_id, hour) DO UPDATE SET
      views = h.views + EXCLUDED.views, likes = h.likes + EXCLUDED.likes, comments = h.comments + EXCLUDED.comments,
      shares = h.shares + EXCLUDED.shares, saves = h.saves + EXCLUDED.saves;
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- A campaign being deleted takes its history with it (the foreign key cascades): skip it.
    INSERT INTO campaign_metric_hours AS h (campaign_id, hour, views, likes, comments, shares, saves)
    SELECT o.campaign_id, cc_metric_hour(), -sum(o.views), -sum(o.likes), -sum(o.comments), -sum(o.shares), -sum(o.saves)
    FROM old_posts o
    WHERE o.status = 'live' AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = o.campaign_id)
    GROUP BY o.campaign_id
    ON CONFLICT (campaign_id, hour) DO UPDATE SET
      views = h.views + EXCLUDED.views, likes = h.likes + EXCLUDED.likes, comments = h.comments + EXCLUDED.comments,
      shares = h.shares + EXCLUDED.shares, saves = h.saves + EXCLUDED.saves;
    RETURN NULL;
  END IF;
  INSERT INTO campaign_metric_hours AS h (campaign_id, hour, views, likes, comments, shares, saves)
  SELECT campaign_id, cc_metric_hour(), sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
  FROM (
    SELECT campaign_id, views, likes, comments, shares, saves FROM new_posts WHERE status = 'live'
    UNION ALL
    SELECT campaign_id, -views, -likes, -comments, -shares, -saves FROM old_posts WHERE status = 'live'
  ) x
  GROUP BY campaign_id
  HAVING sum(views) <> 0 OR sum(likes) <> 0 OR sum(comments) <> 0 OR sum(shares) <> 0 OR sum(saves) <> 0
  ON CONFLICT (campaign_id, hour) DO UPDATE SET
    views = h.views + EXCLUDED.views, likes = h.likes + EXCLUDED.likes, comments = h.comments + EXCLUDED.comments,
    shares = h.shares + EXCLUDED.shares, saves = h.saves + EXCLUDED.saves;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_metric_history_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_metric_history();
--> statement-breakpoint
CREATE TRIGGER posts_metric_history_update AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_posts NEW TABLE AS new_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_metric_history();
--> statement-breakpoint
CREATE TRIGGER posts_metric_history_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_posts FOR EACH STATEMENT EXECUTE FUNCTION cc_post_metric_history();
--> statement-breakpoint
-- Spend: what campaigns.spent_cents moved by (payouts, paid code uses).
CREATE FUNCTION cc_spend_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_metric_hours AS h (campaign_id, hour, spent_cents)
  VALUES (NEW.id, cc_metric_hour(), NEW.spent_cents - OLD.spent_cents)
  ON CONFLICT (campaign_id, hour) DO UPDATE SET spent_cents = h.spent_cents + EXCLUDED.spent_cents;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_spend_history AFTER UPDATE OF spent_cents ON campaigns FOR EACH ROW WHEN (NEW.spent_cents IS DISTINCT FROM OLD.spent_cents) EXECUTE FUNCTION cc_spend_history();
--> statement-breakpoint
-- What happened before this migration: each live post's metrics in the hour it was posted, each
-- campaign's spend in the hour of its last change. From here on every change is in its own hour.
INSERT INTO campaign_metric_hours (campaign_id, hour, views, likes, comments, shares, saves)
SELECT campaign_id, date_trunc('hour', posted_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  sum(views), sum(likes), sum(comments), sum(shares), sum(saves)
FROM posts WHERE status = 'live' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO campaign_metric_hours AS h (campaign_id, hour, spent_cents)
SELECT id, date_trunc('hour', updated_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', spent_cents
FROM campaigns WHERE spent_cents <> 0
ON CONFLICT (campaign_id, hour) DO UPDATE SET spent_cents = h.spent_cents + EXCLUDED.spent_cents;
