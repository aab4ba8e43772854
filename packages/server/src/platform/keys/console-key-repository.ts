import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The console's signing pair: one row, made once by whichever node asks first. */
export function consoleKeyRepository(db: Db) {
  return {
    /** Stores `pair` unless a pair is stored already; answers the stored one either way. */
    async getOrCreate(pair: { privatePem: string; publicPem: string }, now: Date) {
      await db.execute(sql`
        insert into console_keys (id, private_pem, public_pem, created_at)
        values (1, ${pair.privatePem}, ${pair.publicPem}, ${now})
        on conflict (id) do nothing`);
      const rows = rowsOf<{ private_pem: string; public_pem: string }>(
        await db.execute(sql`select private_pem, public_pem from console_keys where id = 1`),
      );
      const row = rows[0]!;
      return { privatePem: row.private_pem, publicPem: row.public_pem };
    },
  };
}
