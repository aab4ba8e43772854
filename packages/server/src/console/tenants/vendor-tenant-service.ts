import type { ConsoleCache } from '../access/index.ts';
import { activateTenant, deleteTenant, editTenant } from '@edp/shared/api/portal/tenants.calls';
import { saveSystemSettings } from '@edp/shared/api/portal/vendor.calls';
import type { z } from 'zod';
import type {
  TSystemSettings,
  ZTenantEdit,
  ZTenantListRequest,
} from '@edp/shared/contracts/vendor-tenants';
import { ConsoleErr, PortalErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import type { VendorActor, VendorAuditRecord } from '../../platform/sessions/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import { installerReadModel, tenantCustomerReadModel } from '../store/index.ts';
import type { AuditService } from '../audit/index.ts';
import { tenantRepository, type TenantRow } from './tenant-repository.ts';
import { defaultSystemSettings } from './tenant-service.ts';
import { recordVendorChange } from './vendor-change.ts';

const summary = (t: TenantRow) => ({
  domain: t.domain,
  sysName: t.sysName,
  company: t.company,
  sms: t.sms,
  status: t.status,
  companyId: t.companyId,
});

/**
 * The vendor's super administrator over the console's tenants. Each change is written to the
 * vendor's audit log and to the tenant's own (account "vendor"), so the tenant's auditor sees it.
 */
export function vendorTenantService(
  deps: Pick<Platform, 'db' | 'sessions'> & {
    audit: AuditService;
    consoleCache: ConsoleCache;
    /** What the tenant kept outside the database (installer files) is removed with it. */
    tenantDeleted: (tenantId: string) => Promise<void>;
    /** Which of these tenants have initialised their keys (console/keys, wired in services.ts). */
    keysInitialised: (tenantIds: string[]) => Promise<Set<string>>;
    /** The names of these customers (portal/company's, wired in services.ts); unknown ids absent. */
    customerNames: (companyIds: string[]) => Promise<Map<string, string>>;
    vendorAudit: VendorAuditRecord;
  },
) {
  const { sessions, audit, consoleCache, vendorAudit } = deps;
  const repo = tenantRepository(deps.db);
  const linked = tenantCustomerReadModel(deps.db);

  async function tenant(id: string) {
    const row = await repo.findById(id);
    if (!row) throw new AppError(ConsoleErr.TenantNotFound);
    return row;
  }
  const record = (t: TenantRow, action: string, actor: VendorActor, after: unknown) =>
    recordVendorChange({ audit, vendorAudit }, actor, {
      tenantId: t.id,
      action,
      target: t.domain,
      before: summary(t),
      after,
    });

  return {
    async list(q: z.infer<typeof ZTenantListRequest>) {
      const { total, rows } = await repo.list({
        keyword: q.keyword,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const ids = rows.map((r) => r.id);
      const [held, initialised, names] = await Promise.all([
        repo.holdings(ids),
        deps.keysInitialised(ids),
        deps.customerNames(rows.flatMap((r) => (r.companyId ? [r.companyId] : []))),
      ]);
      const list = rows.map(({ companyId, ...r }) => ({
        ...r,
        ...held.get(r.id)!,
        keyInitialised: initialised.has(r.id),
        customer: companyId ? { id: companyId, company: names.get(companyId) ?? '' } : null,
        createdAt: r.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    /** Deactivating ends the tenant's sessions; its users cannot sign in until reactivated. */
    async activate(actor: VendorActor, id: string, active: boolean) {
      const t = await tenant(id);
      const status = active ? 'active' : 'inactive';
      await repo.update(id, { status });
      if (!active) await sessions.revokeTenant(id);
      consoleCache.changed(id);
      await record(t, activateTenant.path, actor, { status });
    },

    async edit(actor: VendorActor, input: z.infer<typeof ZTenantEdit>) {
      const t = await tenant(input.id);
      if (input.domain && input.domain !== t.domain && (await repo.findByDomain(input.domain))) {
        throw new AppError(ConsoleErr.DomainExists);
      }
      if (input.companyId && !(await deps.customerNames([input.companyId])).size) {
        throw new AppError(PortalErr.CustomerNotFound);
      }
      const { id, ...values } = input;
      await repo.update(id, values);
      consoleCache.changed(id);
      await record(t, editTenant.path, actor, { ...summary(t), ...values });
    },

    /**
     * Deletes the tenant with all its console data, audit log included, and ends its sessions;
     * the vendor's log keeps the deletion.
     */
    async del(actor: VendorActor, id: string) {
      const t = await tenant(id);
      await sessions.revokeTenant(id);
      await repo.delete(id);
      consoleCache.changed(id);
      await deps.tenantDeleted(id);
      await vendorAudit(actor, {
        action: deleteTenant.path,
        target: t.domain,
        tenantId: id,
        before: summary(t),
      });
    },

    /**
     * What the vendor's customer pages read of the tenants linked to customers: their keys'
     * state and their running engines (portal/super-admin's CustomerFacts).
     */
    customerFacts: linked,
    /**
     * What the vendor's product versions read of the tenants: the running engines and customers
     * on each version, and the installers of it (portal/version's VersionFacts).
     */
    versionFacts: {
      usage: linked.versionUsage,
      users: linked.versionUsers,
      installers: installerReadModel(deps.db).countsOf,
    },

    /** Who may set up a tenant, and the name new ones get (`/sa/sys/set`). */
    async saveSystemSettings(actor: VendorActor, settings: TSystemSettings) {
      const before = { ...defaultSystemSettings, ...(await repo.systemSettings()) };
      await repo.saveSystemSettings(settings);
      await vendorAudit(actor, {
        action: saveSystemSettings.path,
        target: '',
        before,
        after: settings,
      });
    },
  };
}
export type VendorTenantService = ReturnType<typeof vendorTenantService>;
