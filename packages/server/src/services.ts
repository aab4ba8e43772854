import { auditQueryService, auditService } from './console/audit/index.ts';
import { balanceQueries, rechargeService } from './portal/balance/index.ts';
import { companyService } from './portal/company/index.ts';
import { loginService, selfService, type ConsoleCache } from './console/access/index.ts';
import { deviceQueries } from './portal/device/index.ts';
import { groupService } from './console/groups/index.ts';
import { deviceCounts, deviceRepository, deviceService } from './console/devices/index.ts';
import { engineContext } from './engines/index.ts';
import { installerService } from './console/installers/index.ts';
import { licenceQueries, licenceService, type LicencePageCache } from './portal/licence/index.ts';
import { tenantInfoService, setupService, tenantService } from './console/tenants/index.ts';
import { proxyService } from './console/proxies/index.ts';
import { roleService } from './console/roles/index.ts';
import { vendorTenantService, vendorService } from './portal/super-admin/index.ts';
import { userService } from './console/users/index.ts';
import type { Platform } from './platform/platform.ts';

/** The contexts' own caches, built beside the platform (app.ts). */
export interface ContextCaches {
  consoleCache: ConsoleCache;
  licencePages: LicencePageCache;
}

/** Every service, built once at start from the platform; the routes receive them. */
export function buildServices(platform: Platform, caches: ContextCaches) {
  const p = { ...platform, ...caches };
  const counts = deviceCounts(deviceRepository(p.db), p.bus, p.clock);
  const engines = engineContext({ ...p, changed: counts.changed });
  const login = loginService(p);
  const tenants = tenantService(p.db);
  const installers = installerService(p);
  return {
    // portal
    companies: companyService(p),
    licences: licenceService(p, p.clock),
    licenceQueries: licenceQueries(p.db, { now: p.clock }),
    devices: deviceQueries(p.db, p.clock),
    balance: balanceQueries(p.db),
    recharge: rechargeService(p.db),
    vendor: vendorService(p),
    vendorTenants: vendorTenantService(p, {
      // The tenant is gone either way: a file left behind is logged, not answered as an error.
      tenantDeleted: (id) =>
        installers.removeTenantFiles(id).catch((err: unknown) => {
          p.log.error({ err, tenantId: id }, 'installer files of a deleted tenant not removed');
        }),
    }),
    // console
    tenants,
    tenantInfo: tenantInfoService(p.db),
    setup: setupService(p.db),
    login,
    self: selfService(p, login),
    users: userService(p, tenants),
    roles: roleService(p, tenants),
    groups: groupService(p, { devicesChanged: counts.changed }),
    proxies: proxyService(p),
    audit: auditService(p.db),
    auditQueries: auditQueryService(p.db),
    deviceCentre: deviceService({
      ...p,
      counts,
      engineAuth: engines.auth,
      presence: engines.presence,
    }),
    deviceCounts: counts,
    installers,
    // engines
    engines,
  };
}
export type Services = ReturnType<typeof buildServices>;
