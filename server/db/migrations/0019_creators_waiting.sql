-- Where applicants wait (docs/api.md#campaign-list, docs/decisions/0165): campaign_totals keeps,
-- beside the funnel, how many of a campaign's creators wait for a decision (status applied), moved
-- by the same statement-level trigger in the transaction of every change of campaign_creators.
-- Otherwise the function is 0003's.
ALTER TABLE "campaign_totals" ADD COLUMN "creators_waiting" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cc_campaign_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE campaign_totals t SET
      creators_applied = t.creators_applied - d.applied, creators_approved = t.creators_approved - d.approved,
      creators_waiting = t.creators_waiting - d.waiting,
      submissions_in_review = t.submissions_in_review - d.in_review, submissions_approved = t.submissions_approved - d.sub_approved
    FROM (SELECT campaign_id, count(*) AS applied, count(*) FILTER (WHERE status = 'approved') AS approved,
            count(*) FILTER (WHERE status = 'applied') AS waiting,
            sum(in_review_count) AS in_review, sum(approved_count) AS sub_approved
          FROM old_participations GROUP BY campaign_id) d
    WHERE t.campaign_id = d.campaign_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_totals AS t (campaign_id, creators_applied, creators_approved, creators_waiting, submissions_in_review, submissions_approved)
    SELECT campaign_id, count(*), count(*) FILTER (WHERE status = 'approved'), count(*) FILTER (WHERE status = 'applied'),
      sum(in_review_count), sum(approved_count)
    FROM new_participations GROUP BY campaign_id
    ON CONFLICT (campaign_id) DO UPDATE SET
      creators_applied = t.creators_applied + EXCLUDED.creators_applied,
      creators_approved = t.creators_approved + EXCLUDED.creators_approved,
      creators_waiting = t.creators_waiting + EXCLUDED.creators_waiting,
      submissions_in_review = t.submissions_in_review + EXCLUDED.submissions_in_review,
      submissions_approved = t.submissions_approved + EXCLUDED.submissions_approved;
    RETURN NULL;
  END IF;
  INSERT INTO campaign_totals AS t (campaign_id, creators_applied, creators_approved, creators_waiting, submissions_in_review, submissions_approved)
  SELECT campaign_id, sum(applied), sum(approved), sum(waiting), sum(in_review), sum(sub_approved)
  FROM (
    SELECT campaign_id, 1 AS applied, (status = 'approved')::int AS approved, (status = 'applied')::int AS waiting,
      in_review_count AS in_review, approved_count AS sub_approved
      FROM new_participations
    UNION ALL
    SELECT campaign_id, -1, -(status = 'approved')::int, -(status = 'applied')::int, -in_review_count, -approved_count
      FROM old_participations
  ) x
  GROUP BY campaign_id
  HAVING sum(applied) <> 0 OR sum(approved) <> 0 OR sum(waiting) <> 0 OR sum(in_review) <> 0 OR sum(sub_approved) <> 0
  ON CONFLICT (campaign_id) DO UPDATE SET
    creators_applied = t.creators_applied + EXCLUDED.creators_applied,
    creators_approved = t.creators_approved + EXCLUDED.creators_approved,
    creators_waiting = t.creators_waiting + EXCLUDED.creators_waiting,
    submissions_in_review = t.submissions_in_review + EXCLUDED.submissions_in_review,
    submissions_approved = t.submissions_approved + EXCLUDED.submissions_approved;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE campaign_totals t SET creators_waiting = w.waiting
FROM (SELECT campaign_id, count(*) AS waiting FROM campaign_creators WHERE status = 'applied' GROUP BY campaign_id) w
WHERE t.campaign_id = w.campaign_id;
