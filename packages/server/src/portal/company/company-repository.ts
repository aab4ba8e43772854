import { and, eq, gte, sql } from 'drizzle-orm';
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

    async balanceOf(id: string): Promise<number> {
      const [row] = await db
        .select({ balance: companies.balance })
        .from(companies)
        .where(eq(companies.id, id));
      return row?.balance ?? 0;
    },

    /** Takes `months` off the balance only if that many are left: the balance after, else undefined. */
    async takeFromBalance(id: string, months: number): Promise<number | undefined> {
      const [row] = await db
        .update(companies)
        .set({ balance: sql`${companies.balance} - ${months}` })
        .where(and(eq(companies.id, id), gte(companies.balance, months)))
        .returning({ balance: companies.balance });
      return row?.balance;
    },

    /** Adds `months` to the balance: the balance after. */
    async addToBalance(id: string, months: number): Promise<number> {
      const [row] = await db
        .update(companies)
        .set({ balance: sql`${companies.balance} + ${months}` })
        .where(eq(companies.id, id))
        .returning({ balance: companies.balance });
      return row!.balance;
    },

    async setPassword(id: string, passwordHash: string) {
      await db
        .update(companies)
        .set({ passwordHash, updatedAt: sql`now()` })
        .where(eq(companies.id, id));
    },
  };
}
