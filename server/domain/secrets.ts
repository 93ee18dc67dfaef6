import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serviceSecrets } from '../db/schema.ts';

const CURSOR_SECRET = 'cursor_hmac';

/**
 * The key that signs page cursors: made once (the first instance to ask wins, the others read
 * it), stored in the database so every instance signs and checks with the same key.
 */
export async function loadCursorSecret(db: Db): Promise<Buffer> {
  await db
    .insert(serviceSecrets)
    .values({ name: CURSOR_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serviceSecrets.value })
    .from(serviceSecrets)
    .where(eq(serviceSecrets.name, CURSOR_SECRET));
  if (!row) throw new Error('service secret missing after insert');
  return Buffer.from(row.value, 'base64url');
}

/** Loads the secret on first use (once; again after a failure) unless it was given. */
export function secretSource(db: Db, given?: Uint8Array): () => Promise<Uint8Array> {
  let pending: Promise<Uint8Array> | undefined = given ? Promise.resolve(given) : undefined;
  return () => {
    pending ??= loadCursorSecret(db).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}
