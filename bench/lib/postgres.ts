// A fresh PostgreSQL database per benchmark, created and dropped by the bench.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function postgresAnswers(url: string): Promise<boolean> {
  if (url === 'none') return false;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TempDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Creates `cc_bench_<random>` on the server of `serverUrl`. */
export async function createTempDatabase(serverUrl: string): Promise<TempDatabase> {
  const name = `cc_bench_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      admin(serverUrl, `drop database if exists ${name} with (force)`).catch((err: unknown) => {
        console.warn(`could not drop ${name}: ${String(err)}`);
      }),
  };
}
