-- The ledger of earnings (docs/api.md#payouts, docs/decisions/0161-the-ledger-of-earnings.md): one row per payment to a
-- creator, written in the transaction of the payment. A code's row names the code and the usage
-- report that paid it (none for PUT /codes/{code}, which is not a report); a payout's row names
-- the payout. The brand is kept on the row so the Payouts reads sum one brand's rows by index.
CREATE TABLE "earnings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"source" text NOT NULL,
	"code" text,
	"usage_report_id" uuid,
	"payout_id" uuid,
	"uses" bigint DEFAULT 0 NOT NULL,
	"cents" bigint NOT NULL,
	"earned_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "earnings_source_check" CHECK ("earnings"."source" in ('code', 'payout')),
	CONSTRAINT "earnings_payout_check" CHECK (("earnings"."source" = 'payout') = ("earnings"."payout_id" is not null)),
	-- Only an opening row (a code's earnings before the record, no code named) may correct downwards.
	CONSTRAINT "earnings_cents_check" CHECK ("earnings"."cents" >= 0 OR ("earnings"."source" = 'code' AND "earnings"."code" IS NULL)),
	CONSTRAINT "earnings_uses_check" CHECK ("earnings"."uses" >= 0)
);
--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_creator_id_creators_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."creators"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A report's rows are written before its record (in the same transaction), hence deferred.
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_usage_report_id_usage_reports_id_fk" FOREIGN KEY ("usage_report_id") REFERENCES "public"."usage_reports"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE "earnings" ADD CONSTRAINT "earnings_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "earnings_brand_earned_idx" ON "earnings" USING btree ("brand_id","earned_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "earnings_brand_creator_idx" ON "earnings" USING btree ("brand_id","creator_id","earned_at");
--> statement-breakpoint
CREATE INDEX "earnings_brand_campaign_idx" ON "earnings" USING btree ("brand_id","campaign_id","earned_at");
--> statement-breakpoint
CREATE INDEX "earnings_usage_report_idx" ON "earnings" USING btree ("usage_report_id");
--> statement-breakpoint
CREATE INDEX "earnings_payout_idx" ON "earnings" USING btree ("payout_id");
--> statement-breakpoint
-- What was paid before the ledger: a row per assigned code with its earnings (at its last report),
-- a row per payout, and per participation an opening row for whatever its spend_cents holds
-- beyond those (a code's earnings from an earlier assignee), so the ledger's totals agree exactly
-- with every creator's spend_cents from the start.
INSERT INTO "earnings" ("brand_id", "campaign_id", "creator_id", "source", "code", "uses", "cents", "earned_at")
SELECT d.brand_id, d.assigned_campaign_id, d.assigned_creator_id, 'code', d.code,
  CASE WHEN g.commission_cents > 0 THEN d.earnings_cents / g.commission_cents ELSE 0 END,
  d.earnings_cents, coalesce(d.last_reported_at, d.created_at)
FROM discount_codes d JOIN code_groups g ON g.id = d.group_id
WHERE d.earnings_cents > 0 AND d.assigned_campaign_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO "earnings" ("brand_id", "campaign_id", "creator_id", "source", "payout_id", "cents", "earned_at")
SELECT c.brand_id, p.campaign_id, p.creator_id, 'payout', p.id, p.amount_cents, p.created_at
FROM payouts p JOIN campaigns c ON c.id = p.campaign_id;
--> statement-breakpoint
INSERT INTO "earnings" ("brand_id", "campaign_id", "creator_id", "source", "cents", "earned_at")
SELECT c.brand_id, cc.campaign_id, cc.creator_id, 'code', cc.spend_cents - coalesce(e.cents, 0), cc.updated_at
FROM campaign_creators cc
JOIN campaigns c ON c.id = cc.campaign_id
LEFT JOIN (SELECT campaign_id, creator_id, sum(cents) AS cents FROM earnings GROUP BY campaign_id, creator_id) e
  ON e.campaign_id = cc.campaign_id AND e.creator_id = cc.creator_id
WHERE cc.spend_cents <> coalesce(e.cents, 0);
