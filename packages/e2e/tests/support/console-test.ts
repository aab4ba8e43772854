import { randomBytes } from 'node:crypto';
import { test as base, type APIRequestContext } from '@playwright/test';
import { api, md5, TENANT, type ConsoleAccounts, type Duty } from './admin.ts';
import { vendorToken } from './portal.ts';
import { serverURL } from './servers.ts';

/** A management-console tenant of one test, on a host of its own. */
export interface Tenant {
  /** `t<hex>.localhost`: Chromium sends *.localhost to this machine, a secure context. */
  domain: string;
  /** The console's address for the browser, e.g. http://t1a2b3c4.localhost:4310 */
  url: string;
  company: string;
  /** The title of every page on its host. */
  sysName: string;
  accounts: ConsoleAccounts;
}

const DUTIES: ConsoleAccounts = {
  admin: { account: 'sysadmin', name: 'SysAdmin', password: 'Admin#Pass123' },
  keyAdmin: { account: 'keyadmin', name: 'KeyAdmin', password: 'Key#Pass1234' },
  operator: { account: 'operator', name: 'Operator', password: 'Oper#Pass123' },
  auditor: { account: 'auditor', name: 'Auditor', password: 'Audit#Pass123' },
};
const FIRST = 'Setup#Pass123';

/**
 * A tenant with all four duties, as the setup wizard leaves it (tests/first-run covers the
 * wizard), made through the API by the vendor: the three duties the administrator named have
 * changed their first password already.
 */
export async function createTenant(server: APIRequestContext, port: number): Promise<Tenant> {
  const id = randomBytes(4).toString('hex');
  const domain = `t${id}.localhost`;
  const host = { Host: `${domain}:${port}` };
  const duty = (d: Duty, password: string) => ({ ...DUTIES[d], password: md5(password) });
  await api(
    server,
    await vendorToken(server),
    '/owner/n/reg',
    {
      domain,
      company: TENANT.company,
      sysName: `${TENANT.sysName} ${id}`,
      admin: duty('admin', DUTIES.admin.password),
      keyAdmin: duty('keyAdmin', FIRST),
      operator: duty('operator', FIRST),
      auditor: duty('auditor', FIRST),
    },
    host,
  );
  await Promise.all(
    (['keyAdmin', 'operator', 'auditor'] as const).map((d) =>
      api(
        server,
        undefined,
        '/login/n/reset/expire/pwd',
        {
          account: DUTIES[d].account,
          oldPassword: md5(FIRST),
          newPassword: md5(DUTIES[d].password),
          captcha: 'x',
        },
        host,
      ),
    ),
  );
  return {
    domain,
    url: `http://${domain}:${port}`,
    company: TENANT.company,
    sysName: `${TENANT.sysName} ${id}`,
    accounts: DUTIES,
  };
}

/**
 * The console tests: each gets a tenant of its own, so that none sees another's users, groups,
 * audit entries or login settings, and they run in parallel. `page` opens the tenant's host
 * (baseURL) and `request` calls the API on it.
 */
export const test = base.extend<{ tenant: Tenant }>({
  tenant: async ({ playwright }, use) => {
    const server = await playwright.request.newContext({ baseURL: serverURL });
    const tenant = await createTenant(server, Number(new URL(serverURL).port));
    await server.dispose();
    await use(tenant);
  },
  baseURL: async ({ tenant }, use) => use(tenant.url),
  request: async ({ playwright, tenant }, use) => {
    const request = await playwright.request.newContext({
      baseURL: serverURL,
      extraHTTPHeaders: { Host: new URL(tenant.url).host },
    });
    await use(request);
    await request.dispose();
  },
});

export { expect } from '@playwright/test';
