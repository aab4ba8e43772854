import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { type Locale, CommonErr, ConsoleErr, PortalErr } from '@edp/shared/errors';
import type { TDutyUser, TTenantSetup } from '@edp/shared/contracts/console-admin';
import type { RoleUserType } from '@edp/shared/permissions';
import {
  BUILT_IN_ROLE_KEYS,
  BUILT_IN_ROLES,
  type BuiltInRoleKey,
} from '@edp/shared/built-in-roles';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { VendorActor, VendorAuditRecord } from '../../platform/sessions/index.ts';
import { refuseAdminsWithoutEmail } from '../access/index.ts';
import { defaultLoginSettings, storedLoginSettings } from './login-settings.ts';
import { domainOf } from './resolve.ts';
import { tenantRepository } from './tenant-repository.ts';
import type { RoleInsert, UserInsert } from '../store/index.ts';
import type { TenantService } from './tenant-service.ts';

/**
 * Initial setup (`/owner/n/reg`): the tenant, its built-in duty roles and their users in one
 * transaction. Open to anyone only while no tenant exists (or when the vendor allows it);
 * afterwards only the vendor's super administrator may add a tenant this way, and the vendor's
 * audit log keeps it.
 */
export function setupService({
  db,
  passwords,
  audit,
  vendorAudit,
  tenants,
  duties,
}: Pick<Platform, 'db' | 'passwords'> & {
  audit: AuditService;
  vendorAudit: VendorAuditRecord;
  tenants: Pick<TenantService, 'systemSettings'>;
  /**
   * The roles and users modules' writes of a new tenant's duties, in the set-up's transaction
   * (their services' `addDutyRole` and `addDutyUser`).
   */
  duties: {
    addRole: (tx: Db, values: RoleInsert) => Promise<string>;
    addUser: (tx: Db, values: UserInsert) => Promise<void>;
  };
}) {
  const repo = tenantRepository(db);

  return {
    /** Whether setup is open to an anonymous caller, and whether the host already has a tenant. */
    async state(host: string | undefined) {
      const [any, own, settings] = await Promise.all([
        repo.firstTwo(),
        repo.findByDomain(domainOf(host)),
        tenants.systemSettings(),
      ]);
      return { open: any.length === 0 || settings.ownerRegOpen, registered: !!own };
    },

    async register(
      input: TTenantSetup,
      ctx: {
        host: string | undefined;
        ip: string;
        locale: Locale;
        /** The vendor's super administrator who sets it up, if it is one. */
        vendor?: VendorActor;
      },
    ) {
      const domain = input.domain ?? domainOf(ctx.host);
      if (!domain) throw new AppError(CommonErr.Invalid, { field: 'domain', detail: '' });
      const system = await tenants.systemSettings();
      // Anonymous set-up is open while no tenant exists (checked again under the repository's
      // lock: of concurrent first set-ups exactly one wins) or while the vendor allows it.
      const onlyFirst = !ctx.vendor && !system.ownerRegOpen;
      if (onlyFirst && (await repo.firstTwo()).length > 0) {
        throw new AppError(ConsoleErr.SetupClosed);
      }
      if (await repo.findByDomain(domain)) throw new AppError(ConsoleErr.DomainExists);

      const people = BUILT_IN_ROLE_KEYS.map((key) => ({ key, user: input[key] })).filter(
        (p): p is { key: BuiltInRoleKey; user: TDutyUser } => !!p.user,
      );
      const accounts = new Set(people.map((p) => p.user.account));
      if (accounts.size !== people.length) throw new AppError(ConsoleErr.AccountExists);
      if (people.some((p) => isCommonPasswordDigest(p.user.password))) {
        throw new AppError(PortalErr.PasswordCommon);
      }
      // The administrator is the one who signs in first and sets the others' e-mail addresses.
      if (input.loginSet?.mailCode && !input.admin.email) {
        refuseAdminsWithoutEmail([input.admin.account]);
      }
      // Skipping the three optional duties makes the system administrator a super role (docs/product.md §6).
      const superAdmin = people.length === 1;
      const hashes = await Promise.all(people.map((p) => passwords.hash(p.user.password)));
      const settings = { ...defaultLoginSettings, ...input.loginSet };

      const members = people.map(({ key, user }, i) => ({
        role: {
          // Stored in the set-up's language for the API; shown from the key (builtInKey).
          name: BUILT_IN_ROLES[key].name[ctx.locale],
          menu: BUILT_IN_ROLES[key].menu,
          permission: 'write' as const,
          userType: (key === 'admin' ? (superAdmin ? 1 : 2) : 3) as RoleUserType,
          builtInKey: key,
        },
        user: {
          account: user.account,
          name: user.name,
          phone: user.phone ?? null,
          email: user.email ?? null,
          passwordHash: hashes[i]!,
          // The other duties' passwords were chosen by the person doing the setup.
          mustChangePassword: key !== 'admin',
          adminTag: key === 'admin',
        },
      }));
      const created = await repo.createWithDuties(
        {
          domain,
          sysName: input.sysName || system.defaultSysName,
          company: input.company,
          ...storedLoginSettings(settings),
        },
        { onlyFirst },
        async (tx, tenantId) => {
          for (const { role, user } of members) {
            const roleId = await duties.addRole(tx, { ...role, tenantId });
            await duties.addUser(tx, { ...user, tenantId, roleId });
          }
        },
      );
      if (created === 'closed') throw new AppError(ConsoleErr.SetupClosed);
      if (created === 'domain-taken') throw new AppError(ConsoleErr.DomainExists);
      const ownerId = created.tenantId;
      const after = {
        domain,
        company: input.company,
        duties: people.map((p) => p.key),
        superAdmin,
      };

      await audit.event({
        tenantId: ownerId,
        account: input.admin.account,
        action: setupTenant.path,
        target: domain,
        detail: {
          after,
          note: ctx.vendor ? 'by the vendor administrator' : undefined,
        },
        ip: ctx.ip,
        result: 'success',
      });
      if (ctx.vendor) {
        await vendorAudit(ctx.vendor, {
          action: setupTenant.path,
          target: domain,
          tenantId: ownerId,
          after,
        });
      }
      return { ownerId, domain };
    },
  };
}
export type SetupService = ReturnType<typeof setupService>;
