import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import { decodeCursor, encodeCursor, type CursorScope } from './cursor.ts';

const secret = Buffer.alloc(32, 7);
const brandA = '0d3c2b1a-0000-4000-8000-00000000000a';
const brandB = '0d3c2b1a-0000-4000-8000-00000000000b';
const scope: CursorScope = {
  list: 'campaigns',
  filters: { status: ['active'], brand_id: null },
  brands: [brandA, brandB],
};
const position = ['2030-01-01T00:00:00.123456Z', '5b1f0c3e-7d6a-4d0e-9f55-0d2b8c1a9e11'] as const;

function refused(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).code).toBe('invalid_request');
    expect((err as ApiError).message).toMatch(/^starting_after: /);
    return;
  }
  throw new Error('the cursor was accepted');
}

describe('page cursors', () => {
  it("are refused for another set of brands, whatever the order of the caller's brands", () => {
    const cursor = encodeCursor(secret, scope, position);
    expect(
      decodeCursor(secret, { ...scope, brands: [brandB, brandA] }, cursor, ['string', 'string']),
    ).toEqual(position);
    for (const brands of [
      [brandA],
      [brandB],
      [brandA, brandB, '0d3c2b1a-0000-4000-8000-00000000000c'],
      [],
    ]) {
      refused(() => decodeCursor(secret, { ...scope, brands }, cursor, ['string', 'string']));
    }
  });

  it('give back the position they hold', () => {
    const cursor = encodeCursor(secret, scope, position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeCursor(secret, scope, cursor, ['string', 'string'])).toEqual(position);
  });

  it('do not depend on the order of the filters', () => {
    const cursor = encodeCursor(secret, scope, position);
    expect(
      decodeCursor(
        secret,
        {
          list: 'campaigns',
          filters: { brand_id: null, status: ['active'] },
          brands: scope.brands,
        },
        cursor,
        ['string', 'string'],
      ),
    ).toEqual(position);
  });

  it('are refused when changed, cut, signed with another secret, or of another list or filter', () => {
    const cursor = encodeCursor(secret, scope, position);
    const [payload, sig] = cursor.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify(['2999-01-01T00:00:00.000000Z', position[1]]),
    ).toString('base64url');
    refused(() => decodeCursor(secret, scope, `${forged}.${sig}`, ['string', 'string']));
    refused(() => decodeCursor(secret, scope, cursor.slice(0, -1), ['string', 'string']));
    refused(() => decodeCursor(secret, scope, payload, ['string', 'string']));
    refused(() => decodeCursor(secret, scope, `${cursor}.x`, ['string', 'string']));
    refused(() => decodeCursor(Buffer.alloc(32, 8), scope, cursor, ['string', 'string']));
    refused(() =>
      decodeCursor(secret, { ...scope, list: 'tasks:x' }, cursor, ['string', 'string']),
    );
    refused(() =>
      decodeCursor(secret, { ...scope, filters: { status: ['paused'], brand_id: null } }, cursor, [
        'string',
        'string',
      ]),
    );
    refused(() => decodeCursor(secret, scope, '', ['string', 'string']));
  });

  it('are refused when the position has another shape', () => {
    const cursor = encodeCursor(secret, scope, [1, 'a', 'b']);
    refused(() => decodeCursor(secret, scope, cursor, ['string', 'string']));
    refused(() =>
      decodeCursor(secret, scope, encodeCursor(secret, scope, [1.5, 'a', 'b']), [
        'number',
        'string',
        'string',
      ]),
    );
    expect(decodeCursor(secret, scope, cursor, ['number', 'string', 'string'])).toEqual([
      1,
      'a',
      'b',
    ]);
  });
});
