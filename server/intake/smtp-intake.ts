import { runInAuditScope } from '../db/audit-context.ts';
import { controlCharacterAt } from '#contract/csv';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type Attachment, type ParsedMail } from 'mailparser';
import type { Logger } from 'pino';
import {
  SMTPServer,
  type SMTPServerAddress,
  type SMTPServerDataStream,
  type SMTPServerSession,
} from 'smtp-server';
import type { Db } from '../db/client.ts';
import { findIntakeGroup, type UsageReportBody } from '../domain/usage-reports.ts';
import { receiveUsageReport } from '../services/codes.ts';
import { AddressRateLimit } from './rate-limit.ts';
import { createReplier, type Replier } from './reply.ts';

// The SMTP intake of usage reports (docs/usage-reports.md). A message to a group's address
// `usage+<token>@<domain>` with one CSV attachment goes through receiveUsageReport exactly as
// PUT /codes with that CSV does. An unknown address is refused at RCPT (550); a message over the
// size limit at MAIL FROM (SIZE) or DATA (552); too many messages to one address in a minute get
// a temporary 450 so the sender retries. The answer to DATA is sent only after the report's
// transaction commits, so a 250 means it is recorded; a database failure answers 451 and the
// sender's server tries again later (the Message-ID keeps a retry from applying twice). A fault
// of the message itself never answers 451, which would have it retried forever (decision 0090):
// a message that cannot be read as MIME (too many parts, nested too deep) is recorded as refused
// with the reason and answered like any refused report; data the database refuses answers 554.
// docs/usage-reports.md has the whole table.

export interface IntakeOptions {
  db: Db;
  logger: Logger;
  /** The domain of the intake addresses. */
  domain: string;
  port: number;
  host: string;
  maxMessageBytes: number;
  /** Messages per intake address per minute (per instance). */
  ratePerMinute: number;
  /** PEM certificate and key: STARTTLS is offered when set. */
  tls?: { key: string | Buffer; cert: string | Buffer } | null;
  /** SMTP relay for the replies to senders; null: no replies. */
  relayUrl?: string | null;
  replyFrom?: string;
  now?: () => number;
}

export interface Intake {
  port: number;
  close(): Promise<void>;
  /** Resolves when replies already handed over are sent (tests, shutdown). */
  settled(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) =>
  Object.assign(new Error(message), { responseCode });

interface IntakeGroup {
  id: string;
  brandId: string;
  name: string;
  address: string;
}

/** The groups each session's recipients resolved to, by address. */
const recipients = new WeakMap<SMTPServerSession, Map<string, IntakeGroup>>();

const CSV_TYPES = new Set([
  'text/csv',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
]);

const isCsv = (a: Attachment) =>
  CSV_TYPES.has(a.contentType.toLowerCase()) || /\.csv$/i.test(a.filename ?? '');

/** What the message carries: the one CSV attachment, or why there is none to apply. */
export function reportBodyOf(mail: ParsedMail): UsageReportBody {
  const csvs = mail.attachments.filter(isCsv);
  if (csvs.length === 1) return { kind: 'csv', text: csvs[0]!.content.toString('utf8') };
  if (csvs.length === 0) {
    return {
      kind: 'none',
      reason:
        mail.attachments.length === 0
          ? 'the message has no attachment: attach one CSV file with the columns code,total_uses'
          : `the message has no CSV attachment (found ${mail.attachments
              .map((a) => a.filename ?? a.contentType)
              .join(', ')}): attach one .csv file with the columns code,total_uses`,
    };
  }
  return {
    kind: 'none',
    reason: `the message has ${csvs.length} CSV attachments (${csvs
      .map((a) => a.filename ?? a.contentType)
      .join(', ')}): send one report per message`,
  };
}

/** Why a message that mailparser cannot read is refused (recorded, and said in the reply). */
function unreadableReason(err: unknown): string {
  const why =
    (err as { code?: unknown } | null)?.code === 'EMAXLEN'
      ? 'too many MIME parts or too large a header'
      : 'malformed MIME, or parts nested too deep';
  return `the message could not be read (${why}): send one CSV file attached to a plain message`;
}

/**
 * The message parsed, or, when it cannot be (a permanent fault of the message, never retried),
 * its top-level header alone (for the Message-ID and whether to reply) and the reason it is
 * refused.
 */
async function readMail(raw: Buffer): Promise<{ mail: ParsedMail | null; unreadable?: string }> {
  try {
    return { mail: await simpleParser(raw) };
  } catch (err) {
    const unreadable = unreadableReason(err);
    const text = raw.toString('latin1');
    const end = text.search(/\r?\n\r?\n/);
    if (end <= 0) return { mail: null, unreadable };
    try {
      return { mail: await simpleParser(`${text.slice(0, end)}\r\n\r\n`), unreadable };
    } catch {
      return { mail: null, unreadable };
    }
  }
}

/** Header text holding a control character or a line break: never stored (PostgreSQL refuses a NUL). */
const hasControl = (text: string) => controlCharacterAt(text) !== -1 || /[\r\n]/.test(text);

/** PostgreSQL errors of the data itself (classes 22 and 23): sending again cannot help. */
const isPermanentDataError = (err: unknown): boolean => {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/** Reads the message up to the limit; null when it is larger. */
function readMessage(stream: SMTPServerDataStream, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on('end', () =>
      resolve(stream.sizeExceeded || size > limit ? null : Buffer.concat(chunks)),
    );
    stream.on('error', reject);
  });
}

/** Whether a reply to this message could loop or bother a list (RFC 3834). */
function mustNotReply(mail: ParsedMail, sender: string): boolean {
  if (!sender) return true;
  const auto = mail.headers.get('auto-submitted');
  if (auto && String(auto).toLowerCase() !== 'no') return true;
  const precedence = String(mail.headers.get('precedence') ?? '').toLowerCase();
  return ['bulk', 'list', 'junk'].includes(precedence) || mail.headers.has('list-id');
}

export async function startIntake(options: IntakeOptions): Promise<Intake> {
  const { db, logger, domain } = options;
  const log = logger.child({ component: 'smtp-intake' });
  const limiter = new AddressRateLimit(options.ratePerMinute, options.now ?? Date.now);
  const replier: Replier | null = options.relayUrl
    ? createReplier({
        relayUrl: options.relayUrl,
        from: options.replyFrom ?? `usage-reports@${domain}`,
        logger: log,
      })
    : null;
  const addressPattern = /^usage\+([0-9a-f]{32})@(.+)$/i;

  const server = new SMTPServer({
    name: domain,
    banner: 'Campaign Console usage intake',
    size: options.maxMessageBytes,
    authOptional: true,
    disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    logger: false,
    // Whole messages are small CSVs: a slow or idle client is let go.
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onMailFrom(address, _session, callback) {
      const args = address.args as Record<string, string> | false | undefined;
      const declared = Number((args && args.SIZE) ?? 0);
      if (declared > options.maxMessageBytes) {
        return callback(
          smtpError(552, `5.3.4 Message too big: the limit is ${options.maxMessageBytes} bytes`),
        );
      }
      callback();
    },

    onRcptTo(address: SMTPServerAddress, session, callback) {
      const match = addressPattern.exec(address.address.trim());
      if (!match || match[2]!.toLowerCase() !== domain) {
        return callback(smtpError(550, `5.1.1 <${address.address}>: no such intake address`));
      }
      const token = match[1]!.toLowerCase();
      findIntakeGroup(db, token).then(
        (group) => {
          if (!group)
            return callback(smtpError(550, `5.1.1 <${address.address}>: no such intake address`));
          const wait = limiter.take(token);
          if (wait > 0) {
            return callback(
              smtpError(
                450,
                `4.7.1 Too many reports to this address; try again in ${Math.ceil(wait / 1000)} s`,
              ),
            );
          }
          const map = recipients.get(session) ?? new Map<string, IntakeGroup>();
          map.set(address.address, { ...group, address: address.address });
          recipients.set(session, map);
          callback();
        },
        (err: unknown) => {
          log.warn({ err }, 'looking up an intake address failed');
          callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
        },
      );
    },

    onData(stream, session, callback) {
      void (async () => {
        const raw = await readMessage(stream, options.maxMessageBytes);
        if (!raw) {
          return callback(
            smtpError(552, `5.3.4 Message too big: the limit is ${options.maxMessageBytes} bytes`),
          );
        }
        const { mail, unreadable } = await readMail(raw);
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const given = envelopeFrom || mail?.from?.value[0]?.address || '';
        const sender = given && !hasControl(given) ? given : '(unknown sender)';
        const headerId = mail?.messageId?.trim();
        const messageId =
          headerId && !hasControl(headerId)
            ? headerId
            : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
        const body: UsageReportBody =
          unreadable !== undefined || !mail
            ? { kind: 'none', reason: unreadable ?? unreadableReason(null) }
            : reportBodyOf(mail);
        const groups = [...(recipients.get(session)?.values() ?? [])];
        recipients.delete(session);
        const outcomes = [];
        for (const group of groups) {
          // The audit trail names the sender (actor type email) and the message as its request.
          const received = await runInAuditScope(
            {
              actor: { type: 'email', id: sender.slice(0, 320), label: sender.slice(0, 320) },
              requestId: messageId.slice(0, 200),
            },
            () =>
              receiveUsageReport(db, {
                channel: 'email',
                format: 'csv',
                sender,
                scope: [group.brandId],
                groupId: group.id,
                messageId,
                body,
              }),
          );
          outcomes.push({ group, received });
        }
        callback(null, 'Report received');
        for (const { group, received } of outcomes) {
          if (received.duplicate) {
            log.info(
              { group_id: group.id, message_id: messageId },
              'usage report e-mail already received; ignored',
            );
            continue;
          }
          log.info(
            { group_id: group.id, report_id: received.record.id, outcome: received.record.outcome },
            'usage report received by e-mail',
          );
          // Without a readable header, nothing says the sender is no robot or list: no reply.
          if (replier && envelopeFrom && mail && !mustNotReply(mail, envelopeFrom)) {
            replier.send({
              to: envelopeFrom,
              groupName: group.name,
              record: received.record,
              inReplyTo: headerId && !hasControl(headerId) ? headerId : null,
              subject: mail.subject && !hasControl(mail.subject) ? mail.subject : null,
            });
          }
        }
      })().catch((err: unknown) => {
        if (isPermanentDataError(err)) {
          log.warn({ err }, 'a usage report e-mail could not be stored; refused for good');
          return callback(
            smtpError(554, '5.6.0 The message cannot be recorded; do not send it again'),
          );
        }
        log.error({ err }, 'receiving a usage report e-mail failed');
        callback(smtpError(451, '4.3.0 Temporary failure; try again later'));
      });
    },
  });
  server.on('error', (err) => log.warn({ err }, 'SMTP intake connection error'));

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    settled: () => replier?.settled() ?? Promise.resolve(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await replier?.close();
    },
  };
}
