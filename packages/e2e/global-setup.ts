import { createHash } from 'node:crypto';
import { request } from '@playwright/test';
import { saveVendor, type VendorSeed } from './tests/support/portal.ts';
import { serverURL } from './tests/support/servers.ts';

const seed: VendorSeed = {
  account: 'vendor-admin',
  password: 'Vendor#Pass123',
  packageName: 'E2E one year',
  packageMonths: 12,
};

/**
 * Once, before the tests, on the main server (started by then): the vendor's super
 * administrator and the package whose codes the tests recharge with, through the API. The
 * screens that do this on a fresh installation are tested in tests/first-run.
 */
export default async function globalSetup() {
  const api = await request.newContext({ baseURL: serverURL });
  const post = async <T>(url: string, data: unknown, token?: string): Promise<T> => {
    const res = await api.post(`/api${url}`, {
      data,
      headers: token ? { 'X-Token': token } : {},
    });
    const body = (await res.json()) as { success: boolean; msg: string; data: T };
    if (!body.success) throw new Error(`${url}: ${body.msg}`);
    return body.data;
  };
  const password = createHash('md5').update(seed.password).digest('hex');
  await post('/sa/n/init', { account: seed.account, password });
  const { token } = await post<{ token: string }>('/sa/n/login', {
    account: seed.account,
    password,
    captcha: 'x',
  });
  await post('/sa/pk/edit', { name: seed.packageName, months: seed.packageMonths }, token);
  await api.dispose();
  saveVendor(seed);
}
