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
--> statement-breakpoint
-- Codes are kept in upper case (docs/decisions/0169-codes-in-upper-case.md): a code stored before
-- in another case is raised, unless its upper-case spelling is taken (by a code already in upper
-- case, or by another spelling raised first), in which case it stays as it was. A change of form,
-- not a change anyone made: neither the trail nor the live events hear of it.
ALTER TABLE "discount_codes" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "discount_codes" d SET "code" = upper(d."code")
WHERE d."code" <> upper(d."code")
  AND NOT EXISTS (SELECT 1 FROM "discount_codes" t WHERE t."code" = upper(d."code"))
  AND d."code" = (SELECT min(t."code" COLLATE "C") FROM "discount_codes" t WHERE upper(t."code") = upper(d."code"));
--> statement-breakpoint
ALTER TABLE "discount_codes" ENABLE TRIGGER USER;
--> statement-breakpoint
-- The ledger of earnings (migration 0017) names codes by their spelling: a code raised above is
-- named as it is now (a spelling that kept its case is still a code, and keeps its rows).
UPDATE "earnings" e SET "code" = upper(e."code")
WHERE e."code" <> upper(e."code")
  AND NOT EXISTS (SELECT 1 FROM "discount_codes" d WHERE d."code" = e."code")
  AND EXISTS (SELECT 1 FROM "discount_codes" d WHERE d."code" = upper(e."code"));
