import { ZEmpty } from '../../contracts/common.ts';
import { ZTenantSetup, ZTenantSetupResult, ZRegState } from '../../contracts/console-admin.ts';
import { call, publicAccess } from '../define.ts';

/** The console's initial setup. */
export const setupState = call({
  method: 'POST',
  path: '/owner/n/reg/state',
  access: publicAccess,
  tag: 'owner',
  summary: 'Whether initial setup is open and this host already has a tenant',
  label: { 'zh-CN': '查看初始化状态', 'en-US': 'View set-up state' },
  body: ZEmpty,
  data: ZRegState,
});

export const setupTenant = call({
  method: 'POST',
  path: '/owner/n/reg',
  access: publicAccess,
  tag: 'owner',
  summary: 'Initial setup: the tenant, its system administrator and the optional duties',
  label: { 'zh-CN': '初始化系统', 'en-US': 'Initial set-up' },
  description:
    'Open while no tenant exists (or the vendor allows self-setup); afterwards only with a vendor super-administrator X-Token.',
  body: ZTenantSetup,
  data: ZTenantSetupResult,
  message: 'created',
  rateLimit: 'strict',
});
