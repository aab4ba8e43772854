import { and, count, desc, eq } from 'drizzle-orm';
import { type Db, consoleProxies } from '../../platform/db/index.ts';
import { roleNames, userNames } from '../store/index.ts';

export type ProxyRow = typeof consoleProxies.$inferSelect;

export function proxyRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleProxies.tenantId, tenantId), eq(consoleProxies.id, id));

  return {
    async findById(tenantId: string, id: string): Promise<ProxyRow | undefined> {
      const [row] = await db.select().from(consoleProxies).where(byId(tenantId, id)).limit(1);
      return row;
    },
    async insert(values: typeof consoleProxies.$inferInsert): Promise<string> {
      const [row] = await db
        .insert(consoleProxies)
        .values(values)
        .returning({ id: consoleProxies.id });
      return row!.id;
    },
    async update(
      tenantId: string,
      id: string,
      values: Partial<typeof consoleProxies.$inferInsert>,
    ) {
      await db.update(consoleProxies).set(values).where(byId(tenantId, id));
    },
    async delete(tenantId: string, id: string) {
      await db.delete(consoleProxies).where(byId(tenantId, id));
    },
    async list(opts: { tenantId: string; userId?: string; limit: number; offset: number }) {
      const where = and(
        eq(consoleProxies.tenantId, opts.tenantId),
        opts.userId ? eq(consoleProxies.userId, opts.userId) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(consoleProxies).where(where),
        db
          .select({
            proxy: consoleProxies,
            account: userNames.account,
            userName: userNames.name,
            roleName: roleNames.name,
            roleKey: roleNames.builtInKey,
          })
          .from(consoleProxies)
          // The user's and the role's names, from their owners' read models.
          .innerJoin(userNames, eq(userNames.id, consoleProxies.userId))
          .innerJoin(roleNames, eq(roleNames.id, consoleProxies.roleId))
          .where(where)
          .orderBy(desc(consoleProxies.startAt), consoleProxies.id)
          .limit(opts.limit)
          .offset(opts.offset),
      ]);
      return { total: total?.n ?? 0, rows };
    },
  };
}
