import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';

// Passwords of members (docs/api.md#people): scrypt from node:crypto, memory-hard. N = 2^15,
// r = 8, p = 1 takes 32 MiB and some tens of milliseconds per hash (OWASP's minimum for scrypt is
// N = 2^17 with r = 8 at p = 1, or the equivalent cost of 2^15 with more passes; see decision
// 0055 for the choice and its measured cost). Stored as
// `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`, so parameters can grow later and old
// hashes still verify.

export const SCRYPT_PARAMS = { logN: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number) {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: 128 * N * r * p + 16 * 1024 * 1024 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, logN, r, p);
  return `scrypt$${logN}$${r}$${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Whether `password` matches `stored`; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (!logN || !r || !p || logN > 20 || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const actual = await derive(password, salt, logN, r, p);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the current parameters, made once: a sign-in with an unknown
 * e-mail verifies against it, so it costs exactly what a wrong password costs.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummy;
}

let common: Set<string> | undefined;

/**
 * Whether a new password is one of the most common ones (the 49,000 of zxcvbn-ts's common list,
 * compared in lower case; decision 0091): refused when a member chooses it. Loaded on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.normalize('NFC').toLowerCase());
}
