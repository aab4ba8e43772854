import type { Platform } from '../../platform/platform.ts';
import type { z } from 'zod';
import type { ZProxyAdd, ZProxyEdit, ZProxyListRequest } from '@edp/shared/contracts/user';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { roleReadModel, userReadModel } from '../store/index.ts';
import { proxyRepository, type ProxyRow } from './proxy-repository.ts';
import { proxyOpen } from '../access/index.ts';

const summary = (p: Pick<ProxyRow, 'userId' | 'roleId' | 'startAt' | 'endAt'>) => ({
  userId: p.userId,
  roleId: p.roleId,
  startAt: p.startAt.toISOString(),
  endAt: p.endAt.toISOString(),
});

/**
 * Proxy users: a user acts with another role's permissions, in addition to their own, from
 * `startAt` until `endAt`; outside the window the extra permissions are gone (docs/console.md).
 */
export function proxyService({
  db,
  clock,
  audit,
}: Pick<Platform, 'db' | 'clock'> & { audit: AuditService }) {
  const proxies = proxyRepository(db);
  const users = userReadModel(db);
  const roles = roleReadModel(db);

  async function check(caller: Caller, userId: string, roleId: string) {
    const tenantId = caller.actor.tenantId;
    const [user, role] = await Promise.all([
      users.findById(tenantId, userId),
      roles.findById(tenantId, roleId),
    ]);
    if (!user || user.status === 'deleted' || !role) throw new AppError(CommonErr.NotFound);
    // Nobody grants themselves another duty, and nobody is made a proxy of the super role.
    if (user.id === caller.actor.userId) throw new AppError(ConsoleErr.NotOnSelf);
    if (role.userType === 1 || role.id === user.roleId) throw new AppError(ConsoleErr.Protected);
    return user;
  }

  return {
    async list(caller: Caller, q: z.infer<typeof ZProxyListRequest>) {
      // A filter naming another tenant's user is a 404, like the user.
      if (q.userId && !(await users.findById(caller.actor.tenantId, q.userId))) {
        throw new AppError(CommonErr.NotFound);
      }
      const { total, rows } = await proxies.list({
        tenantId: caller.actor.tenantId,
        userId: q.userId,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const now = clock();
      const list = rows.map(({ proxy, account, userName, roleName, roleKey }) => ({
        id: proxy.id,
        userId: proxy.userId,
        account,
        userName,
        roleId: proxy.roleId,
        roleName,
        roleKey,
        startAt: proxy.startAt.toISOString(),
        endAt: proxy.endAt.toISOString(),
        active: proxyOpen(proxy, now),
      }));
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    async add(caller: Caller, input: z.infer<typeof ZProxyAdd>) {
      const user = await check(caller, input.userId, input.roleId);
      const id = await proxies.insert({ ...input, tenantId: caller.actor.tenantId });
      await audit.change(caller, { target: user.account, after: summary(input) });
      return { id };
    },

    async edit(caller: Caller, input: z.infer<typeof ZProxyEdit>) {
      const proxy = await proxies.findById(caller.actor.tenantId, input.id);
      if (!proxy) throw new AppError(CommonErr.NotFound);
      const next = { ...proxy, ...input, roleId: input.roleId ?? proxy.roleId };
      const user = await check(caller, proxy.userId, next.roleId);
      await proxies.update(proxy.tenantId, proxy.id, {
        roleId: next.roleId,
        startAt: input.startAt,
        endAt: input.endAt,
      });
      await audit.change(caller, {
        target: user.account,
        before: summary(proxy),
        after: summary(next),
      });
    },

    async del(caller: Caller, id: string) {
      const proxy = await proxies.findById(caller.actor.tenantId, id);
      if (!proxy) throw new AppError(CommonErr.NotFound);
      await proxies.delete(proxy.tenantId, id);
      await audit.change(caller, { target: proxy.userId, before: summary(proxy) });
    },
  };
}
export type ProxyService = ReturnType<typeof proxyService>;
