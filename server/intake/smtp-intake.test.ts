import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import { simpleParser, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../db/client.ts';
import { brandWorld } from '../test/harness.ts';
import { expectStatus } from '../test/campaigns.ts';
import { codeNow, groupWithAssignedCode, usageReports } from '../test/usage.ts';
import { startIntake, type Intake, type IntakeOptions } from './smtp-intake.ts';

// The SMTP intake end to end: real mail over SMTP (nodemailer as the client) to the running
// intake, applied or refused through the same domain code as PUT /codes, recorded, and answered
// through a relay (a second local SMTP listener). With TEST_DATABASE_URL the "two instances"
// test runs two intakes on two connection pools of one PostgreSQL database.

const MAX_BYTES = 64 * 1024;
const silent = pino({ level: 'silent' });

const { ctx, brand } = await brandWorld();

/** An intake for intake.localhost on a free port of 127.0.0.1, with `overrides`. */
const startTestIntake = (overrides: Partial<IntakeOptions> = {}) =>
  startIntake({
    db: ctx.db,
    logger: silent,
    domain: 'intake.localhost',
    host: '127.0.0.1',
    port: 0,
    maxMessageBytes: MAX_BYTES,
    ratePerMinute: 1000,
    ...overrides,
  });

let intake: Intake;
let relay: SMTPServer;
let relayPort: number;
const relayed: ParsedMail[] = [];

beforeAll(async () => {
  relay = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          relayed.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayPort = (relay.server.address() as AddressInfo).port;
  intake = await startTestIntake({
    relayUrl: `smtp://127.0.0.1:${relayPort}`,
    replyFrom: 'usage-reports@intake.localhost',
  });
});
afterAll(async () => {
  await intake?.close();
  await new Promise<void>((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
});

const client = (port: number) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

/** A client that insists on STARTTLS, with the given TLS options. */
const starttlsClient = (port: number, tls: ConnectionOptions) =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, requireTLS: true, tls });

let sent = 0;
interface MailOptions {
  to: string;
  csv?: string | null;
  messageId?: string;
  from?: string;
  attachments?: { filename: string; content: string; contentType?: string }[];
  port?: number;
}
function send(options: MailOptions) {
  sent++;
  return client(options.port ?? intake.port).sendMail({
    from: options.from ?? 'partner@shop.example',
    to: options.to,
    subject: `Usage ${sent}`,
    text: 'Usage attached.',
    messageId: options.messageId ?? `<usage-${Date.now()}-${sent}@shop.example>`,
    attachments:
      options.attachments ??
      (options.csv === null || options.csv === undefined
        ? []
        : [{ filename: 'usage.csv', content: options.csv, contentType: 'text/csv' }]),
  });
}

/** The error of a refused send, with its SMTP code. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ responseCode?: number; response?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { responseCode?: number; response?: string };
  }
  throw new Error('expected the intake to refuse the message');
}

async function replyTo(reportId: string) {
  await intake.settled();
  return relayed.find((m) => m.text?.includes(reportId));
}

describe('usage reports by e-mail', () => {
  it('applies a CSV attachment like PUT /codes, records it with the sender, and replies with the outcome', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id, 25);
    const [paid, other] = codes as [string, string];
    const info = await send({
      to: group.intake_address,
      csv: `code,total_uses\r\n${paid},4\r\n${other},2\r\n`,
    });
    expect(info.response).toMatch(/^250/);

    expect((await codeNow(ctx, brand.key.key, paid)).earnings_cents).toBe(100);
    expect((await codeNow(ctx, brand.key.key, other)).total_uses).toBe(2);
    const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(report).toMatchObject({
      channel: 'email',
      format: 'csv',
      outcome: 'applied',
      rows: 2,
      codes_changed: 2,
      uses_added: 6,
      paid_cents: 100,
      sender: 'partner@shop.example',
      errors: [],
    });
    const reply = await replyTo(report!.id);
    expect(reply?.to && 'text' in reply.to ? reply.to.text : '').toContain('partner@shop.example');
    expect(reply?.subject).toContain('[applied]');
    expect(reply?.text).toContain('Uses added: 6');
    expect(reply?.headers.get('auto-submitted')).toBe('auto-replied');
    // The audit trail names the sender as the actor (docs/api.md#people).
    const trail = await ctx.request('GET', `/2026-07/audit-events?target_id=${paid}`, {
      key: brand.key.key,
    });
    expect(trail.status, trail.text).toBe(200);
    expect(trail.json.data[0]).toMatchObject({
      actor: { type: 'email', id: 'partner@shop.example', label: 'partner@shop.example' },
      action: 'code.updated',
      target_type: 'code',
    });
    expect(trail.json.data[0].changes.total_uses).toEqual([0, 4]);
  });

  it('records a refused report with each line, changes nothing, and replies with every refused row', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const [first] = codes as [string];
    expectStatus(
      await ctx.request('PUT', '/2026-07/codes', {
        key: brand.key.key,
        body: { usage: [{ code: first, total_uses: 10 }] },
      }),
      200,
    );
    // A code of another group of the same brand is unknown at this group's address.
    const { codes: elsewhere } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const info = await send({
      to: group.intake_address,
      csv: `code,total_uses\n${first},3\n${elsewhere[1]},5\n`,
    });
    expect(info.response).toMatch(/^250/);
    expect((await codeNow(ctx, brand.key.key, first)).total_uses).toBe(10);
    expect((await codeNow(ctx, brand.key.key, elsewhere[1]!)).total_uses).toBe(0);

    const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}&channel=email`);
    expect(report).toMatchObject({ outcome: 'refused', rows: 2, codes_changed: 0, paid_cents: 0 });
    expect(report!.errors).toEqual([
      {
        line: 2,
        index: null,
        code: first,
        message: expect.stringContaining('never decreases (got 3)'),
      },
      {
        line: 3,
        index: null,
        code: elsewhere[1],
        message: `no code "${elsewhere[1]}" exists in this group`,
      },
    ]);
    const reply = await replyTo(report!.id);
    expect(reply?.subject).toContain('[refused]');
    expect(reply?.text).toContain(`Line 2 (${first})`);
    expect(reply?.text).toContain(`Line 3 (${elsewhere[1]})`);
  });

  it('accepts a message without a CSV attachment (or with two) and records why it was refused', async () => {
    const { group } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    await send({ to: group.intake_address, csv: null });
    await send({
      to: group.intake_address,
      attachments: [
        { filename: 'a.csv', content: 'code,total_uses\n' },
        { filename: 'b.csv', content: 'code,total_uses\n' },
      ],
    });
    const reports = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(reports.map((r) => [r.outcome, r.rows])).toEqual([
      ['refused', 0],
      ['refused', 0],
    ]);
    expect(reports[0]!.errors[0]!.message).toContain('2 CSV attachments');
    expect(reports[1]!.errors[0]!.message).toContain('no attachment');
  });

  it('answers 550 to an unknown address, another domain, and an address replaced by rotate-intake', async () => {
    const { group } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const csv = 'code,total_uses\nX,1\n';
    const token = group.intake_address.slice('usage+'.length, group.intake_address.indexOf('@'));
    for (const to of [
      `usage+${'0'.repeat(32)}@intake.localhost`,
      `usage+${token}@elsewhere.example`,
      'postmaster@intake.localhost',
    ]) {
      const err = await refusal(send({ to, csv }));
      expect(err.responseCode).toBe(550);
    }
    const res = await ctx.request('POST', `/2026-07/code-groups/${group.id}/rotate-intake`, {
      key: brand.key.key,
    });
    const rotated = expectStatus(res, 200) as { intake_address: string };
    expect((await refusal(send({ to: group.intake_address, csv }))).responseCode).toBe(550);
    // The address is matched without regard to case, as mail clients may change it.
    expect((await send({ to: rotated.intake_address.toUpperCase(), csv: null })).response).toMatch(
      /^250/,
    );
  });

  it('applies a message delivered twice (same Message-ID) once', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id, 10);
    const [code] = codes as [string];
    const messageId = `<twice-${Date.now()}@shop.example>`;
    await send({ to: group.intake_address, csv: `code,total_uses\n${code},5\n`, messageId });
    // A retry after a lost answer; then a report raising it further by hand.
    await send({ to: group.intake_address, csv: `code,total_uses\n${code},5\n`, messageId });
    expect(await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).toHaveLength(1);
    expect((await codeNow(ctx, brand.key.key, code)).earnings_cents).toBe(50);
  });

  it('refuses a message over the size limit with 552 and records nothing', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const big = `code,total_uses\n${codes[0]},1\n${'x'.repeat(MAX_BYTES)}\n`;
    const err = await refusal(send({ to: group.intake_address, csv: big }));
    expect(err.responseCode).toBe(552);
    expect(await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).toEqual([]);
  });

  it('limits the messages per address per minute with a temporary 450', async () => {
    let now = 1_000_000;
    const limited = await startTestIntake({
      ratePerMinute: 2,
      now: () => now,
    });
    try {
      const { group } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
      await send({ to: group.intake_address, csv: null, port: limited.port });
      await send({ to: group.intake_address, csv: null, port: limited.port });
      const err = await refusal(send({ to: group.intake_address, csv: null, port: limited.port }));
      expect(err.responseCode).toBe(450);
      expect(err.response).toContain('try again in 60 s');
      now += 60_001;
      await send({ to: group.intake_address, csv: null, port: limited.port });
      expect(await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('applies the same message once when two instances receive it at the same moment', async () => {
    // A second instance: its own connection pool on PostgreSQL (TEST_DATABASE_URL), else PGlite.
    let second: Database | null = null;
    if (ctx.databaseUrl) second = await openPostgres(ctx.databaseUrl, { max: 3 });
    const other = await startTestIntake({ db: second?.db ?? ctx.db });
    try {
      const { group, codes } = await groupWithAssignedCode(
        ctx,
        brand.key.key,
        brand.brand.id,
        10,
        40,
      );
      const csv = `code,total_uses\n${codes.map((c, i) => `${c},${i + 1}`).join('\n')}\n`;
      for (let round = 0; round < 3; round++) {
        const messageId = `<race-${round}-${Date.now()}@shop.example>`;
        const results = await Promise.allSettled([
          send({ to: group.intake_address, csv, messageId }),
          send({ to: group.intake_address, csv, messageId, port: other.port }),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      }
      const reports = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
      expect(reports).toHaveLength(3);
      // Totals equal to the stored ones change nothing: exactly one round applied new uses.
      expect(reports.map((r) => r.uses_added).sort((a, b) => a - b)).toEqual([0, 0, (40 * 41) / 2]);
      expect((await codeNow(ctx, brand.key.key, codes[0]!)).earnings_cents).toBe(10);
    } finally {
      await other.close();
      await second?.close();
    }
  });
});

describe('STARTTLS', () => {
  // A self-signed certificate for the intake's name, made with openssl as an operator would, and
  // read from its PEM files as server/index.ts reads INTAKE_TLS_CERT and INTAKE_TLS_KEY.
  let dir: string;
  let cert: Buffer;
  let key: Buffer;
  let secured: Intake;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'intake-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=intake.localhost',
        '-addext',
        'subjectAltName=DNS:intake.localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    cert = readFileSync(join(dir, 'cert.pem'));
    key = readFileSync(join(dir, 'key.pem'));
    secured = await startTestIntake({ tls: { cert, key } });
  });
  afterAll(async () => {
    await secured?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const tlsMail = (to: string, csv: string) => ({
    from: 'partner@shop.example',
    to,
    subject: 'Usage over TLS',
    text: 'Usage attached.',
    messageId: `<tls-${Date.now()}-${Math.random().toString(16).slice(2)}@shop.example>`,
    attachments: [{ filename: 'usage.csv', content: csv, contentType: 'text/csv' }],
  });

  it('with a certificate, a sender that requires TLS upgrades the session and the report is applied', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id, 20);
    const [paid] = codes as [string];
    // The client trusts only this certificate for this name: the session is encrypted with the
    // configured certificate, not merely accepted.
    const transport = starttlsClient(secured.port, { ca: [cert], servername: 'intake.localhost' });
    const info = await transport.sendMail(
      tlsMail(group.intake_address, `code,total_uses\n${paid},3\n`),
    );
    expect(info.response).toMatch(/^250/);
    expect((await codeNow(ctx, brand.key.key, paid)).earnings_cents).toBe(60);
    const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(report).toMatchObject({ channel: 'email', outcome: 'applied', uses_added: 3 });

    // A sender that skips certificate checks (as most mail servers do with STARTTLS) works too.
    const lax = starttlsClient(secured.port, { rejectUnauthorized: false });
    await lax.sendMail(tlsMail(group.intake_address, `code,total_uses\n${paid},5\n`));
    expect((await codeNow(ctx, brand.key.key, paid)).earnings_cents).toBe(100);
  });

  it('without a certificate, STARTTLS is not offered: a sender that requires TLS gives up and nothing is recorded', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const transport = starttlsClient(intake.port, { rejectUnauthorized: false });
    const err = (await refusal(
      transport.sendMail(tlsMail(group.intake_address, `code,total_uses\n${codes[0]},3\n`)),
    )) as { code?: string; message?: string };
    expect(err.code).toBe('ETLS');
    expect(await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).toEqual([]);
    expect((await codeNow(ctx, brand.key.key, codes[0]!)).total_uses).toBe(0);
  });
});

describe('permanent faults of a message', () => {
  // Messages of hundreds of KB: an intake with a larger limit, replying through the same relay.
  let roomy: Intake;
  beforeAll(async () => {
    roomy = await startTestIntake({
      maxMessageBytes: 4 * 1024 * 1024,
      relayUrl: `smtp://127.0.0.1:${relayPort}`,
      replyFrom: 'usage-reports@intake.localhost',
    });
  });
  afterAll(() => roomy?.close());

  /** Sends `raw` (a whole message, CRLF line ends) to `to` over SMTP. */
  const sendRaw = (to: string, raw: string) =>
    client(roomy.port).sendMail({ envelope: { from: 'partner@shop.example', to: [to] }, raw });

  const head = (to: string, id: string, contentType: string) =>
    [
      'From: partner@shop.example',
      `To: ${to}`,
      `Subject: Usage ${id}`,
      `Message-ID: <${id}-${Date.now()}@shop.example>`,
      'MIME-Version: 1.0',
      `Content-Type: ${contentType}`,
      '',
      '',
    ].join('\r\n');

  /** A message of multiparts nested `depth` deep around one text part. */
  function deeplyNested(to: string, depth: number): string {
    let body = 'Content-Type: text/plain\r\n\r\nUsage attached.\r\n';
    for (let level = depth - 1; level >= 1; level--) {
      body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}--b${level}--\r\n`;
    }
    return `${head(to, 'deep', 'multipart/mixed; boundary="b0"')}--b0\r\n${body}--b0--\r\n`;
  }

  /** A message of `count` small text parts. */
  function manyParts(to: string, count: number): string {
    const part = '--p\r\nContent-Type: text/plain\r\n\r\nx\r\n';
    return `${head(to, 'parts', 'multipart/mixed; boundary="p"')}${part.repeat(count)}--p--\r\n`;
  }

  it('accepts a CSV with a NUL or another control character, records it refused naming the line and column, and replies why', async () => {
    const { group, codes } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
    const [code] = codes as [string];
    const info = await send({
      to: group.intake_address,
      csv: `code,total_uses\nGLOW\u0000X,5\n${code},2\u0007\n`,
    });
    expect(info.response).toMatch(/^250/);
    expect((await codeNow(ctx, brand.key.key, code)).total_uses).toBe(0);
    const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
    expect(report).toMatchObject({ channel: 'email', outcome: 'refused', rows: 2 });
    expect(report!.errors).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/^code .*control/) }),
      expect.objectContaining({ line: 3, message: expect.stringMatching(/^total_uses .*control/) }),
    ]);
    const reply = await replyTo(report!.id);
    expect(reply?.subject).toContain('[refused]');
  });

  it.each([
    { what: 'multiparts nested 3,000 deep', raw: (to: string) => deeplyNested(to, 3_000) },
    { what: '20,000 MIME parts', raw: (to: string) => manyParts(to, 20_000) },
  ])(
    'accepts a message of $what once (no temporary failure), records it refused and replies why',
    async ({ raw }) => {
      const { group } = await groupWithAssignedCode(ctx, brand.key.key, brand.brand.id);
      const message = raw(group.intake_address);
      const info = await sendRaw(group.intake_address, message);
      expect(info.response).toMatch(/^250/);
      const [report] = await usageReports(ctx, brand.key.key, `group_id=${group.id}`);
      expect(report).toMatchObject({ channel: 'email', outcome: 'refused', rows: 0 });
      expect(report!.errors[0]!.message).toContain('could not be read');
      await roomy.settled();
      const reply = relayed.find((m) => m.text?.includes(report!.id));
      expect(reply?.subject).toContain('[refused]');
      // Sent again (a sender that did not get the answer), it is the same message: one record.
      expect((await sendRaw(group.intake_address, message)).response).toMatch(/^250/);
      expect(await usageReports(ctx, brand.key.key, `group_id=${group.id}`)).toHaveLength(1);
    },
  );
});
