import { z } from 'zod';
import { DateTime, Uuid, listQuery, pageOf } from './common.ts';
import { UsageReportChannel } from './usage-reports.ts';

// Payouts (docs/api.md#payouts): what creators earned, from discount codes (each usage report's
// commission) and from platform payouts, read from the ledger of earnings (docs/decisions/0161).

export const PayoutGrouping = z.enum(['creator', 'campaign']).meta({
  id: 'PayoutGrouping',
  description: 'What GET /payouts totals by: each creator (over campaigns) or each campaign.',
});
export type PayoutGrouping = z.infer<typeof PayoutGrouping>;

export const EarningSource = z.enum(['code', 'payout']).meta({
  id: 'EarningSource',
  description:
    "Where an earning came from: a discount code's commission (code) or a platform payout (payout).",
});
export type EarningSource = z.infer<typeof EarningSource>;

const Cents = z.number().int();
const CreatorId = z.string().min(1).max(64);

/** The filters of both reads. */
const filters = {
  brand_id: Uuid.optional().meta({ description: 'agency credentials: only this brand' }),
  campaign_id: Uuid.optional().meta({ description: 'only what this campaign paid' }),
  creator_id: CreatorId.optional().meta({ description: 'only what this creator earned' }),
  from: DateTime.optional().meta({
    description: 'only earnings at or after this time',
    example: '2026-07-01T00:00:00Z',
  }),
  to: DateTime.optional().meta({
    description: 'only earnings before this time (the period ends just before it)',
    example: '2026-08-01T00:00:00Z',
  }),
};

const period = <T extends { from?: string | undefined; to?: string | undefined }>(
  q: T,
  ctx: z.core.$RefinementCtx<T>,
) => {
  if (q.from !== undefined && q.to !== undefined && Date.parse(q.from) >= Date.parse(q.to))
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be later than from' });
};

/** `GET /payouts`: totals per creator or per campaign, largest first. */
export const PayoutListQuery = listQuery({
  group_by: PayoutGrouping.default('creator'),
  ...filters,
}).superRefine(period);
export type PayoutListQuery = z.infer<typeof PayoutListQuery>;

/** `GET /payouts/entries`: the earnings behind the totals, newest first. */
export const PayoutEntryListQuery = listQuery(filters).superRefine(period);
export type PayoutEntryListQuery = z.infer<typeof PayoutEntryListQuery>;

const sums = {
  earned_cents: Cents.meta({ description: 'everything earned: from codes plus from payouts' }),
  code_cents: Cents.meta({ description: 'commission earned from discount-code uses' }),
  payout_cents: Cents.meta({ description: 'paid by platform payouts' }),
  uses: z.number().int().min(0).meta({ description: 'discount-code uses paid for' }),
  codes: z.number().int().min(0).meta({ description: 'distinct codes that earned' }),
};

export const PayoutTotal = z
  .object({
    creator: z
      .object({ id: z.string(), username: z.string() })
      .nullable()
      .meta({ description: 'the creator (group_by=creator), else null' }),
    campaign: z
      .object({ id: Uuid, name: z.string() })
      .nullable()
      .meta({ description: 'the campaign (group_by=campaign), else null' }),
    ...sums,
    creators: z.number().int().min(0).meta({ description: 'distinct creators who earned' }),
    campaigns: z.number().int().min(0).meta({ description: 'distinct campaigns that paid' }),
    last_earned_at: DateTime.meta({ description: 'when the latest earning of the row came' }),
  })
  .meta({
    id: 'PayoutTotal',
    description:
      'What one creator earned (over the campaigns) or one campaign paid, for the filters, in integer cents.',
  });
export type PayoutTotal = z.infer<typeof PayoutTotal>;

export const PayoutSummary = z
  .object({
    ...sums,
    creators: z.number().int().min(0).meta({ description: 'creators paid' }),
    campaigns: z.number().int().min(0).meta({ description: 'campaigns that paid' }),
  })
  .meta({
    id: 'PayoutSummary',
    description: 'The totals over every row of the filters (not only the page), in integer cents.',
  });
export type PayoutSummary = z.infer<typeof PayoutSummary>;

export const PayoutPage = pageOf(PayoutTotal).extend({ summary: PayoutSummary }).meta({
  id: 'PayoutPage',
  description:
    'A page of totals, largest earned first, in the page envelope {data, has_more, next_cursor}, with the summary of every row of the filters.',
});
export type PayoutPage = z.infer<typeof PayoutPage>;

export const PayoutEntry = z
  .object({
    id: Uuid,
    source: EarningSource,
    campaign: z.object({ id: Uuid, name: z.string() }),
    creator: z.object({ id: z.string(), username: z.string() }),
    code: z.string().nullable().meta({
      description:
        'the code that earned it; null for a payout, and for earnings from before the record began',
    }),
    usage_report: z
      .object({
        id: Uuid,
        group_id: Uuid.nullable().meta({
          description: "the report's code group, as GET /usage-reports lists it (group_id)",
        }),
        channel: UsageReportChannel,
        sender: z.string(),
        received_at: DateTime,
      })
      .nullable()
      .meta({
        description:
          'the usage report that paid it; null for a payout and for a use set with PUT /codes/{code}',
      }),
    payout_id: Uuid.nullable().meta({ description: 'the payout (POST /ops/payouts), else null' }),
    uses: z.number().int().min(0).meta({ description: 'new code uses paid by this entry' }),
    cents: Cents,
    earned_at: DateTime,
  })
  .meta({
    id: 'PayoutEntry',
    description: 'One payment to a creator: a code’s commission for new uses, or a payout.',
  });
export type PayoutEntry = z.infer<typeof PayoutEntry>;

export const PayoutEntryPage = pageOf(PayoutEntry).meta({
  id: 'PayoutEntryPage',
  description:
    'A page of earnings, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type PayoutEntryPage = z.infer<typeof PayoutEntryPage>;
