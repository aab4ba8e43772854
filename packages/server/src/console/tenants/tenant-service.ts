import type { TLoginSettings } from '@edp/shared/contracts/login';
import type { TSystemSettings } from '@edp/shared/contracts/vendor-tenants';
import { ConsoleErr } from '@edp/shared/errors';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { refuseAdminsWithoutEmail } from '../access/index.ts';
import { userReadModel } from '../store/index.ts';
import { resolveTenant } from './resolve.ts';
import { loginSettingsOf, storedLoginSettings } from './login-settings.ts';
import { tenantRepository, type TenantRow } from './tenant-repository.ts';

export type { TenantRow };

export const defaultSystemSettings: TSystemSettings = {
  ownerRegOpen: false,
  defaultSysName: '',
  supportEmail: '',
};

export function tenantService({ db, audit }: { db: Db; audit: AuditService }) {
  const repo = tenantRepository(db);
  const users = userReadModel(db);

  return {
    resolve: (host: string | undefined) => resolveTenant(db, host),
    /** The active tenant for a login page, else TenantNotFound / TenantDisabled. */
    async requireActive(host: string | undefined): Promise<TenantRow> {
      const tenant = await this.resolve(host);
      if (!tenant) throw new AppError(ConsoleErr.TenantNotFound);
      if (tenant.status !== 'active') throw new AppError(ConsoleErr.TenantDisabled);
      return tenant;
    },
    /** The tenant of an id, else TenantNotFound. */
    async byId(tenantId: string): Promise<TenantRow> {
      const tenant = await repo.findById(tenantId);
      if (!tenant) throw new AppError(ConsoleErr.TenantNotFound);
      return tenant;
    },
    async loginSettings(tenantId: string): Promise<TLoginSettings> {
      return loginSettingsOf(await this.byId(tenantId));
    },
    /**
     * Codes by e-mail are refused while a system administrator — or the caller, who may act
     * through a proxy — has no e-mail address to get them at (access/admin-email.ts).
     */
    async saveLoginSettings(caller: Caller, settings: TLoginSettings) {
      const { tenantId, userId, account } = caller.actor;
      if (settings.mailCode) {
        const missing = await users.adminsWithoutEmail(tenantId);
        const self = await users.findById(tenantId, userId);
        if (!self?.email && !missing.includes(account)) missing.push(account);
        refuseAdminsWithoutEmail(missing);
      }
      const before = await this.loginSettings(caller.actor.tenantId);
      await repo.update(caller.actor.tenantId, storedLoginSettings(settings));
      await audit.change(caller, { target: 'loginSet', before, after: settings });
    },
    async systemSettings(): Promise<TSystemSettings> {
      return { ...defaultSystemSettings, ...(await repo.systemSettings()) };
    },
  };
}
export type TenantService = ReturnType<typeof tenantService>;
