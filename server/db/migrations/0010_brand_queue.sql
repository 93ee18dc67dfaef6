-- The review queue of a brand in one request (docs/api.md#review-queue, docs/decisions/0100):
-- each submission carries its campaign's brand, so a brand's queue is a keyset read of one index,
-- and running totals of what waits, per campaign and per brand, kept by triggers in the
-- transaction of every change (like post_totals), answer the counts without reading submissions.
ALTER TABLE "submissions" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
UPDATE "submissions" s SET "brand_id" = c."brand_id" FROM "campaigns" c WHERE c."id" = s."campaign_id";--> statement-breakpoint
ALTER TABLE "submissions" ALTER COLUMN "brand_id" SET NOT NULL;--> statement-breakpoint
-- A submission's brand is its campaign's, whatever the insert says (a campaign never changes brand).
CREATE FUNCTION cc_submission_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.brand_id INTO NEW.brand_id FROM campaigns c WHERE c.id = NEW.campaign_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER submissions_brand BEFORE INSERT OR UPDATE OF campaign_id ON submissions FOR EACH ROW EXECUTE FUNCTION cc_submission_brand();
--> statement-breakpoint
CREATE INDEX "submissions_brand_queue_idx" ON "submissions" USING btree ("brand_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_brand_awaiting_idx" ON "submissions" USING btree ("brand_id","awaiting","submitted_at","id") WHERE "submissions"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "submissions_campaign_awaiting_idx" ON "submissions" USING btree ("campaign_id","awaiting","submitted_at","id") WHERE "submissions"."status" = 'in_review';--> statement-breakpoint
CREATE INDEX "submissions_task_queue_idx" ON "submissions" USING btree ("task_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "submissions_creator_queue_idx" ON "submissions" USING btree ("creator_id","status","submitted_at","id");--> statement-breakpoint
CREATE TABLE "submission_queue_campaigns" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"in_review" bigint DEFAULT 0 NOT NULL,
	"awaiting_agency" bigint DEFAULT 0 NOT NULL,
	"awaiting_brand" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_queue_campaigns" ADD CONSTRAINT "submission_queue_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_queue_campaigns_waiting_idx" ON "submission_queue_campaigns" USING btree ("brand_id","campaign_id") WHERE "submission_queue_campaigns"."in_review" > 0 OR "submission_queue_campaigns"."failed" > 0;--> statement-breakpoint
CREATE TABLE "submission_queue_brands" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"in_review" bigint DEFAULT 0 NOT NULL,
	"awaiting_agency" bigint DEFAULT 0 NOT NULL,
	"awaiting_brand" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "submission_queue_brands" ADD CONSTRAINT "submission_queue_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Adds grouped deltas ([{campaign_id, brand_id, in_review, awaiting_agency, awaiting_brand,
-- failed}]) to the totals of each campaign and of each brand. After a DELETE only UPDATE: a
-- campaign or brand being deleted may already have lost its totals rows.
CREATE FUNCTION cc_queue_apply(deltas jsonb, only_update boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF deltas IS NULL THEN
    RETURN;
  END IF;
  IF only_update THEN
    WITH d AS (
      SELECT * FROM jsonb_to_recordset(deltas) AS x(campaign_id uuid, brand_id uuid, in_review bigint,
        awaiting_agency bigint, awaiting_brand bigint, failed bigint)
    ), c AS (
      UPDATE submission_queue_campaigns t SET
        in_review = t.in_review + d.in_review, awaiting_agency = t.awaiting_agency + d.awaiting_agency,
        awaiting_brand = t.awaiting_brand + d.awaiting_brand, failed = t.failed + d.failed
      FROM d WHERE t.campaign_id = d.campaign_id
    )
    UPDATE submission_queue_brands t SET
      in_review = t.in_review + b.in_review, awaiting_agency = t.awaiting_agency + b.awaiting_agency,
      awaiting_brand = t.awaiting_brand + b.awaiting_brand, failed = t.failed + b.failed
    FROM (SELECT brand_id, sum(in_review) AS in_review, sum(awaiting_agency) AS awaiting_agency,
            sum(awaiting_brand) AS awaiting_brand, sum(failed) AS failed
          FROM d GROUP BY brand_id) b
    WHERE t.brand_id = b.brand_id;
  ELSE
    WITH d AS (
      SELECT * FROM jsonb_to_recordset(deltas) AS x(campaign_id uuid, brand_id uuid, in_review bigint,
        awaiting_agency bigint, awaiting_brand bigint, failed bigint)
    ), c AS (
      INSERT INTO submission_queue_campaigns AS t (campaign_id, brand_id, in_review, awaiting_agency, awaiting_brand, failed)
      SELECT campaign_id, brand_id, in_review, awaiting_agency, awaiting_brand, failed FROM d
      ON CONFLICT (campaign_id) DO UPDATE SET
        in_review = t.in_review + EXCLUDED.in_review, awaiting_agency = t.awaiting_agency + EXCLUDED.awaiting_agency,
        awaiting_brand = t.awaiting_brand + EXCLUDED.awaiting_brand, failed = t.failed + EXCLUDED.failed
    )
    INSERT INTO submission_queue_brands AS t (brand_id, in_review, awaiting_agency, awaiting_brand, failed)
    SELECT brand_id, sum(in_review), sum(awaiting_agency), sum(awaiting_brand), sum(failed) FROM d GROUP BY brand_id
    ON CONFLICT (brand_id) DO UPDATE SET
      in_review = t.in_review + EXCLUDED.in_review, awaiting_agency = t.awaiting_agency + EXCLUDED.awaiting_agency,
      awaiting_brand = t.awaiting_brand + EXCLUDED.awaiting_brand, failed = t.failed + EXCLUDED.failed;
  END IF;
END
$$;
--> statement-breakpoint
-- What the changed rows add to the waiting buckets, grouped by campaign. Statement level: a bulk
-- insert touches each totals row once; an update that moves no bucket (inspection's checks, a
-- label) touches none.
CREATE FUNCTION cc_submission_queue_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cc_queue_apply((SELECT jsonb_agg(d) FROM (
      SELECT campaign_id, brand_id,
        count(*) FILTER (WHERE status = 'in_review') AS in_review,
        count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'agency') AS awaiting_agency,
        count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'brand') AS awaiting_brand,
        count(*) FILTER (WHERE status = 'failed') AS failed
      FROM new_subs WHERE status IN ('in_review', 'failed') GROUP BY campaign_id, brand_id) d), false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cc_queue_apply((SELECT jsonb_agg(d) FROM (
      SELECT campaign_id, brand_id,
        -count(*) FILTER (WHERE status = 'in_review') AS in_review,
        -count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'agency') AS awaiting_agency,
        -count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'brand') AS awaiting_brand,
        -count(*) FILTER (WHERE status = 'failed') AS failed
      FROM old_subs WHERE status IN ('in_review', 'failed') GROUP BY campaign_id, brand_id) d), true);
  ELSE
    PERFORM cc_queue_apply((SELECT jsonb_agg(d) FROM (
      SELECT campaign_id, brand_id, sum(in_review) AS in_review, sum(awaiting_agency) AS awaiting_agency,
        sum(awaiting_brand) AS awaiting_brand, sum(failed) AS failed
      FROM (
        SELECT campaign_id, brand_id,
          CASE WHEN status = 'in_review' THEN 1 ELSE 0 END AS in_review,
          CASE WHEN status = 'in_review' AND awaiting = 'agency' THEN 1 ELSE 0 END AS awaiting_agency,
          CASE WHEN status = 'in_review' AND awaiting = 'brand' THEN 1 ELSE 0 END AS awaiting_brand,
          CASE WHEN status = 'failed' THEN 1 ELSE 0 END AS failed
        FROM new_subs WHERE status IN ('in_review', 'failed')
        UNION ALL
        SELECT campaign_id, brand_id,
          CASE WHEN status = 'in_review' THEN -1 ELSE 0 END,
          CASE WHEN status = 'in_review' AND awaiting = 'agency' THEN -1 ELSE 0 END,
          CASE WHEN status = 'in_review' AND awaiting = 'brand' THEN -1 ELSE 0 END,
          CASE WHEN status = 'failed' THEN -1 ELSE 0 END
        FROM old_subs WHERE status IN ('in_review', 'failed')
      ) x
      GROUP BY campaign_id, brand_id
      HAVING sum(in_review) <> 0 OR sum(awaiting_agency) <> 0 OR sum(awaiting_brand) <> 0 OR sum(failed) <> 0) d), false);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER submissions_queue_insert AFTER INSERT ON submissions REFERENCING NEW TABLE AS new_subs FOR EACH STATEMENT EXECUTE FUNCTION cc_submission_queue_totals();
--> statement-breakpoint
CREATE TRIGGER submissions_queue_update AFTER UPDATE ON submissions REFERENCING OLD TABLE AS old_subs NEW TABLE AS new_subs FOR EACH STATEMENT EXECUTE FUNCTION cc_submission_queue_totals();
--> statement-breakpoint
CREATE TRIGGER submissions_queue_delete AFTER DELETE ON submissions REFERENCING OLD TABLE AS old_subs FOR EACH STATEMENT EXECUTE FUNCTION cc_submission_queue_totals();
--> statement-breakpoint
INSERT INTO submission_queue_campaigns (campaign_id, brand_id, in_review, awaiting_agency, awaiting_brand, failed)
SELECT campaign_id, brand_id,
  count(*) FILTER (WHERE status = 'in_review'),
  count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'agency'),
  count(*) FILTER (WHERE status = 'in_review' AND awaiting = 'brand'),
  count(*) FILTER (WHERE status = 'failed')
FROM submissions WHERE status IN ('in_review', 'failed') GROUP BY campaign_id, brand_id;--> statement-breakpoint
INSERT INTO submission_queue_brands (brand_id, in_review, awaiting_agency, awaiting_brand, failed)
SELECT brand_id, sum(in_review), sum(awaiting_agency), sum(awaiting_brand), sum(failed)
FROM submission_queue_campaigns GROUP BY brand_id;
