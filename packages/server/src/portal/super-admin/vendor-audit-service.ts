import { callAt } from '@edp/shared/api/registry';
import type { z } from 'zod';
import type { ZVendorAuditListRequest } from '@edp/shared/contracts/vendor';
import type { Locale } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import type { VendorActor, VendorAuditEntry } from '../../platform/sessions/index.ts';
import { vendorAuditRepository } from './vendor-audit-repository.ts';

/**
 * The vendor's audit log (`vendor_audit`): every change of a super administrator, written by
 * the vendor's services here and by the console's vendor services (handed `record` by
 * services.ts). The callers never pass a password, a hash or a recharge code.
 */
export function vendorAuditService({ db }: Pick<Platform, 'db'>) {
  const repo = vendorAuditRepository(db);
  // Super administrators are few and never renamed: each account is read once.
  const accounts = new Map<string, string>();
  async function accountOf(adminId: string) {
    let account = accounts.get(adminId);
    if (account === undefined) {
      account = (await repo.accountOf(adminId)) ?? '';
      accounts.set(adminId, account);
    }
    return account;
  }

  return {
    /** A super administrator's account ('' for none), as the log and a request's thread name it. */
    accountOf,

    async record(actor: VendorActor, entry: VendorAuditEntry) {
      const { before, after } = entry;
      await repo.insert({
        actorId: actor.adminId,
        account: await accountOf(actor.adminId),
        action: entry.action,
        target: entry.target,
        tenantId: entry.tenantId ?? null,
        detail: before === undefined && after === undefined ? null : { before, after },
        ip: actor.ip,
      });
    },

    async list(q: z.infer<typeof ZVendorAuditListRequest>, locale: Locale) {
      const rows = await repo.page({ ...q, limit: q.pageSize + 1 });
      const page = rows.slice(0, q.pageSize);
      return {
        list: page.map((r) => ({
          id: String(r.id),
          at: r.at.toISOString(),
          account: r.account,
          action: r.action,
          actionLabel: callAt(r.action)?.label[locale] ?? r.action,
          target: r.target,
          tenantId: r.tenantId,
          detail: r.detail ? JSON.stringify(r.detail) : '',
          ip: r.ip,
        })),
        next: rows.length > q.pageSize ? String(page.at(-1)!.id) : null,
      };
    },
  };
}
export type VendorAuditService = ReturnType<typeof vendorAuditService>;
