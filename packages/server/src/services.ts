import { auditQueryService } from './modules/audit/audit-query-service.ts';
import { auditService } from './modules/audit/audit-service.ts';
import { balanceQueries } from './modules/balance/balance-queries.ts';
import { companyService } from './modules/company/company-service.ts';
import { loginService } from './modules/console-auth/login-service.ts';
import { deviceQueries } from './modules/device/device-queries.ts';
import { groupService } from './modules/group/group-service.ts';
import { licenceQueries } from './modules/licence/licence-queries.ts';
import { licenceService } from './modules/licence/licence-service.ts';
import { ownerService } from './modules/owner/owner-service.ts';
import { proxyService } from './modules/proxy/proxy-service.ts';
import { rechargeService } from './modules/recharge/recharge-service.ts';
import { roleService } from './modules/role/role-service.ts';
import { saOwnerService } from './modules/tenant/sa-owner-service.ts';
import { setupService } from './modules/tenant/setup-service.ts';
import { tenantService } from './modules/tenant/tenant-service.ts';
import { selfService } from './modules/user/self-service.ts';
import { userService } from './modules/user/user-service.ts';
import { vendorService } from './modules/vendor/vendor-service.ts';
import type { Platform } from './platform/platform.ts';

/** Every service, built once at start from the platform; the routes receive them. */
export function buildServices(p: Platform) {
  const login = loginService(p);
  return {
    // portal
    companies: companyService(p),
    licences: licenceService(p, p.clock),
    licenceQueries: licenceQueries(p.db, { now: p.clock }),
    devices: deviceQueries(p.db, p.clock),
    balance: balanceQueries(p.db),
    recharge: rechargeService(p.db),
    vendor: vendorService(p),
    vendorTenants: saOwnerService(p),
    // console
    tenants: tenantService(p.db),
    tenantInfo: ownerService(p.db),
    setup: setupService(p.db),
    login,
    self: selfService(p, login),
    users: userService(p),
    roles: roleService(p),
    groups: groupService(p),
    proxies: proxyService(p),
    audit: auditService(p.db),
    auditQueries: auditQueryService(p.db),
  };
}
export type Services = ReturnType<typeof buildServices>;
