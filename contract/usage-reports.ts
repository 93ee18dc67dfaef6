import { z } from 'zod';
import { DateTime, Uuid, pageOf, listQuery } from './common.ts';

// The record of every usage report (docs/usage-reports.md): whatever the channel, a report is
// applied all or nothing, or refused with a reason per row, and either way recorded.

/** Where a report came from: the API (`PUT /codes`), the dashboard's upload, or e-mail. */
export const UsageReportChannel = z.enum(['api', 'dashboard', 'email']).meta({
  id: 'UsageReportChannel',
  description:
    "Where a usage report came from: the API (PUT /codes), the dashboard's upload, or e-mail.",
});
export type UsageReportChannel = z.infer<typeof UsageReportChannel>;

/** The report's body: JSON `{usage: [...]}` or a CSV file (`code,total_uses`). */
export const UsageReportFormat = z.enum(['json', 'csv']).meta({
  id: 'UsageReportFormat',
  description:
    'The body a usage report came in: JSON {usage: [...]} or a CSV file (code,total_uses).',
});
export type UsageReportFormat = z.infer<typeof UsageReportFormat>;

export const UsageReportOutcome = z.enum(['applied', 'refused']).meta({
  id: 'UsageReportOutcome',
  description: 'What became of a usage report: applied (all of it) or refused (none of it).',
});
export type UsageReportOutcome = z.infer<typeof UsageReportOutcome>;

/** Why a report was refused: one problem, on a CSV line or a JSON item when it has one. */
export const UsageReportError = z
  .object({
    line: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'the 1-based line of the CSV file (the header is line 1)' }),
    index: z.number().int().nullable().meta({ description: 'the item of a JSON `usage` array' }),
    code: z.string().nullable().meta({ description: 'the code the problem is about, if any' }),
    message: z.string(),
  })
  .meta({
    id: 'UsageReportError',
    description:
      'Why a usage report was refused: one problem, on a CSV line or a JSON item when it has one.',
  });
export type UsageReportError = z.infer<typeof UsageReportError>;

/** The header the dashboard sends with its upload's `PUT /codes`, so its reports say so. */
export const USAGE_REPORT_CHANNEL_HEADER = 'Usage-Report-Channel';

export const UsageReportRecord = z
  .object({
    id: Uuid,
    group_id: Uuid.nullable().meta({
      description:
        "the intake address's group for e-mail; otherwise the group of the reported codes when they all belong to one, else null",
    }),
    channel: UsageReportChannel,
    format: UsageReportFormat,
    outcome: UsageReportOutcome,
    rows: z.number().int().min(0).meta({ description: 'usage rows in the report' }),
    codes_changed: z.number().int().min(0).meta({ description: 'codes whose total grew' }),
    uses_added: z.number().int().min(0).meta({ description: 'new uses over every code' }),
    paid_cents: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'commission paid to creators for the new uses' }),
    errors: z.array(UsageReportError).meta({ description: 'empty when applied' }),
    sender: z.string().meta({
      description:
        "who sent it: the e-mail sender's address; for PUT /codes the signed-in member (`Name <e-mail>`), or the API key's name and prefix (`Shop sync (cck_AbCdEfGh)`), or the prefix of a key without a name",
    }),
    received_at: DateTime,
  })
  .meta({
    id: 'UsageReportRecord',
    description:
      'The record of one usage report, whatever its channel: applied all or nothing, or refused with its problems; commission paid in integer cents.',
  });
export type UsageReportRecord = z.infer<typeof UsageReportRecord>;

/** `GET /usage-reports`: newest first. */
export const UsageReportListQuery = listQuery({
  brand_id: Uuid.optional().meta({ description: 'agency keys: only this brand' }),
  group_id: Uuid.optional(),
  channel: UsageReportChannel.optional(),
  outcome: UsageReportOutcome.optional(),
});
export type UsageReportListQuery = z.infer<typeof UsageReportListQuery>;

export const UsageReportPage = pageOf(UsageReportRecord).meta({
  id: 'UsageReportPage',
  description:
    'A page of usage report records, newest first, in the page envelope {data, has_more, next_cursor}.',
});
export type UsageReportPage = z.infer<typeof UsageReportPage>;

/** `POST /code-groups/{group_id}/rotate-intake`. */
export const CodeGroupParams = z.object({ group_id: Uuid });
export type CodeGroupParams = z.infer<typeof CodeGroupParams>;
