-- Who decided, in words, when a signed-in member did: a session is not an API key, so the
-- decided_by / reviewed_by / agency_approved_by key columns cannot name them (they said "the platform").
ALTER TABLE "campaign_creators" ADD COLUMN "decided_by_label" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "reviewed_by_label" text;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "agency_approved_by_label" text;