import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { owners } from '../../db/schema/index.ts';

export type OwnerRow = typeof owners.$inferSelect;

export function ownerRepository(db: Db) {
  return {
    async findByDomain(domain: string): Promise<OwnerRow | undefined> {
      const [row] = await db.select().from(owners).where(eq(owners.domain, domain)).limit(1);
      return row;
    },
  };
}
