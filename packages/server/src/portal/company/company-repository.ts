import { eq, sql } from 'drizzle-orm';
import { type Db, companies } from '../../platform/db/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

export function companyRepository(db: Db) {
  return {
    async findByEmail(email: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.email, email)).limit(1);
      return row;
    },

    async findById(id: string): Promise<CompanyRow | undefined> {
      const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
      return row;
    },

    async exists(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.email, email))
        .limit(1);
      return !!row;
    },

    /** Undefined when the e-mail is taken (also by a concurrent registration). */
    async insert(row: typeof companies.$inferInsert): Promise<CompanyRow | undefined> {
      const [created] = await db
        .insert(companies)
        .values(row)
        .onConflictDoNothing({ target: companies.email })
        .returning();
      return created;
    },

    async setPassword(id: string, passwordHash: string) {
      await db
        .update(companies)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(companies.id, id));
    },
  };
}
