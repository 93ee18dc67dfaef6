-- The trail in the order things happened (docs/decisions/0168-activity-in-the-order-it-happened.md):
-- every entry of one write shares the transaction's time, so a number that follows the order the
-- rows were written breaks the tie ("created the campaign" before "added task"). The lists read
-- newest write first and, within one write, in this order; the keyset indexes follow.
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint GENERATED ALWAYS AS IDENTITY;
--> statement-breakpoint
DROP INDEX "audit_events_brand_idx";
--> statement-breakpoint
DROP INDEX "audit_events_agency_idx";
--> statement-breakpoint
DROP INDEX "audit_events_campaign_idx";
--> statement-breakpoint
CREATE INDEX "audit_events_brand_idx" ON "audit_events" USING btree ("brand_id","occurred_at" DESC NULLS LAST,"seq");
--> statement-breakpoint
CREATE INDEX "audit_events_agency_idx" ON "audit_events" USING btree ("agency_id","occurred_at" DESC NULLS LAST,"seq");
--> statement-breakpoint
CREATE INDEX "audit_events_campaign_idx" ON "audit_events" USING btree ("campaign_id","occurred_at" DESC NULLS LAST,"seq");
