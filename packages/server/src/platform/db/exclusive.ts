import type { Db } from './client.ts';

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<{ rows: { ok: boolean }[] }>;
  release(): void;
}
interface Pool {
  connect(): Promise<PoolClient>;
  totalCount: number;
}
const poolOf = (db: Db): Pool | undefined => {
  const client = (db as unknown as { $client?: Partial<Pool> }).$client;
  return client && typeof client.connect === 'function' && 'totalCount' in client
    ? (client as Pool)
    : undefined;
};

/**
 * Runs `work` unless another process holds `key` (a PostgreSQL session advisory lock, held on a
 * connection of its own for as long as `work` runs, and let go with it: a node that dies lets
 * go at once). Answers false when another held it and `work` did not run. PGlite serves one
 * process: there is no other to keep out, and `work` always runs.
 */
export async function whileExclusive(
  db: Db,
  key: number,
  work: () => Promise<void>,
): Promise<boolean> {
  const pool = poolOf(db);
  if (!pool) {
    await work();
    return true;
  }
  const conn = await pool.connect();
  try {
    const [got] = (await conn.query('select pg_try_advisory_lock($1) as ok', [key])).rows;
    if (!got?.ok) return false;
    try {
      await work();
    } finally {
      await conn.query('select pg_advisory_unlock($1) as ok', [key]);
    }
    return true;
  } finally {
    conn.release();
  }
}
