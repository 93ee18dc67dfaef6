import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { centsAsDecimal } from '#contract/money';
import type { UsageReportRecord } from '#contract/usage-reports';

// The reply to an e-mailed report (docs/usage-reports.md): the outcome and every refused row,
// sent through SMTP_RELAY_URL after the report is recorded. A reply that fails is logged; the
// report stands either way.

export interface ReplyInput {
  to: string;
  groupName: string;
  record: UsageReportRecord;
  inReplyTo: string | null;
  subject: string | null;
}

export interface Replier {
  send(input: ReplyInput): void;
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The subject and text of the reply. */
export function replyText(input: Omit<ReplyInput, 'to' | 'inReplyTo'>): {
  subject: string;
  text: string;
} {
  const r = input.record;
  const about = input.subject ? `Re: ${input.subject}` : `Usage report for ${input.groupName}`;
  if (r.outcome === 'applied') {
    return {
      subject: `${about} [applied]`,
      text: [
        `Your usage report for "${input.groupName}" was applied.`,
        '',
        `Rows: ${r.rows}`,
        `Codes changed: ${r.codes_changed}`,
        `Uses added: ${r.uses_added}`,
        `Commission paid: ${centsAsDecimal(r.paid_cents)}`,
        '',
        `Report ${r.id}, received ${r.received_at}.`,
      ].join('\n'),
    };
  }
  const rows = r.errors.map((e) => {
    const where =
      e.line !== null ? `Line ${e.line}` : e.index !== null ? `Item ${e.index}` : 'Report';
    return `- ${where}${e.code ? ` (${e.code})` : ''}: ${e.message}`;
  });
  return {
    subject: `${about} [refused]`,
    text: [
      `Your usage report for "${input.groupName}" was refused; nothing was changed.`,
      'A report is applied whole or not at all: fix these rows and send the whole file again.',
      '',
      ...rows,
      '',
      'The file must be a CSV attachment whose first line is code,total_uses; each total is the',
      "code's running total, never lower than the one reported before.",
      '',
      `Report ${r.id}, received ${r.received_at}.`,
    ].join('\n'),
  };
}

export function createReplier(options: {
  relayUrl: string;
  from: string;
  logger: Logger;
}): Replier {
  const transport = nodemailer.createTransport(options.relayUrl);
  const pending = new Set<Promise<void>>();
  return {
    send(input) {
      const { subject, text } = replyText(input);
      const sent = transport
        .sendMail({
          from: options.from,
          to: input.to,
          subject,
          text,
          headers: { 'Auto-Submitted': 'auto-replied' },
          ...(input.inReplyTo ? { inReplyTo: input.inReplyTo, references: input.inReplyTo } : {}),
        })
        .then(
          () => undefined,
          (err: unknown) =>
            options.logger.warn(
              { err, report_id: input.record.id },
              'replying to a usage report failed',
            ),
        )
        .finally(() => pending.delete(sent));
      pending.add(sent);
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.settled();
      transport.close();
    },
  };
}
