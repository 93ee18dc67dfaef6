-- Submissions from before media inspection (0004) have no checks and no inspection job waiting:
-- nothing will ever inspect them, so they must not wait for it (409 inspection_pending refuses a
-- decision while checks are null; decision 0063). They read as checked, with no checks.
UPDATE "submissions" SET "checks" = '[]'::jsonb
WHERE "checks" IS NULL
  AND NOT EXISTS (
    SELECT 1 FROM "inspection_jobs" j
    WHERE j."submission_id" = "submissions"."id" AND j."state" <> 'done'
  );
