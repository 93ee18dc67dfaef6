import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, redactSecrets, safeError } from './logger.ts';

// The logger's own guarantees (decision 0090); reliability/log-secrets.test.ts proves them on a
// realistic run of the whole service.

const HASH = 'scrypt$15$8$1$1P_QtdCwRMxm4N95vew6KA$_yva7xmqTWDC9OAxG1TkDsJk3hHdZPdPlRIUm82dHuU';
const KEY = 'cck_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789ABCD';

/** A failed insert as drizzle reports it: the query and parameters in its message and fields. */
function failedInsert() {
  const cause = Object.assign(
    new Error('duplicate key value violates unique constraint "members_email_key"'),
    {
      code: '23505',
      constraint: 'members_email_key',
      table: 'members',
      detail: 'Key (email)=(maya@shop.example) already exists.',
      query: 'insert into "members" ("email", "password_hash") values ($1, $2)',
      params: ['maya@shop.example', HASH],
    },
  );
  return new DrizzleQueryError(
    'insert into "members" ("email", "password_hash") values ($1, $2)',
    ['maya@shop.example', HASH],
    cause,
  );
}

describe('the logger', () => {
  it('logs an error with its code and constraint, never the query, its parameters or the detail', () => {
    const logged = JSON.stringify(safeError(failedInsert()));
    expect(logged).toContain('23505');
    expect(logged).toContain('members_email_key');
    expect(logged).toContain('Failed query (its text and parameters are not logged)');
    for (const secret of ['maya@shop.example', 'scrypt$', 'insert into', 'params', 'detail'])
      expect(logged).not.toContain(secret);
  });

  it('redacts credentials and password hashes in every line, whatever logged them', () => {
    expect(redactSecrets(`${KEY} ccs_0123456789abcdefXYZ cci_short ${HASH}`)).toBe(
      'cck_AbCdEfGh… ccs_01234567… cci_short scrypt$[redacted]',
    );
    let text = '';
    const log = createLogger(
      'info',
      new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      }),
    );
    log.info({ note: `a key ${KEY} and a hash ${HASH}` }, 'careless');
    log.error({ err: failedInsert() }, 'unhandled error');
    expect(text).toContain('cck_AbCdEfGh…');
    expect(text).toContain('23505');
    for (const secret of [KEY, HASH, 'maya@shop.example', '"params"'])
      expect(text).not.toContain(secret);
  });
});
