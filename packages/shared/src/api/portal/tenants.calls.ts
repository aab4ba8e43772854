import { ZList } from '../../contracts/common.ts';
import {
  ZOwnerUserItem,
  ZOwnerUserListRequest,
  ZOwnerUserPassword,
  ZTenantAct,
  ZTenantDel,
  ZTenantEdit,
  ZTenantItem,
  ZTenantListRequest,
} from '../../contracts/vendor-tenants.ts';
import { call, vendorAccess } from '../define.ts';

/** The console's tenants, for the vendor's super administrator. */
const tag = 'sa';
const access = vendorAccess;

export const tenantList = call({
  method: 'POST',
  path: '/sa/ows',
  access,
  tag,
  summary: 'Tenants',
  label: { 'zh-CN': '查看租户', 'en-US': 'View tenants' },
  body: ZTenantListRequest,
  data: ZList(ZTenantItem),
});

export const activateTenant = call({
  method: 'POST',
  path: '/sa/ows/act',
  access,
  tag,
  summary: 'Activate or deactivate a tenant',
  label: { 'zh-CN': '启用或停用租户', 'en-US': 'Activate or deactivate tenant' },
  body: ZTenantAct,
  message: 'modified',
});

export const editTenant = call({
  method: 'POST',
  path: '/sa/ows/edit',
  access,
  tag,
  summary: "Edit a tenant's domain, names or SMS flag",
  label: { 'zh-CN': '编辑租户', 'en-US': 'Edit tenant' },
  body: ZTenantEdit,
  message: 'modified',
});

export const deleteTenant = call({
  method: 'POST',
  path: '/sa/ows/del',
  access,
  tag,
  summary: 'Delete a tenant and all its console data',
  label: { 'zh-CN': '删除租户', 'en-US': 'Delete tenant' },
  body: ZTenantDel,
  message: 'deleted',
});

export const ownerUserList = call({
  method: 'POST',
  path: '/sa/ous',
  access,
  tag,
  summary: "A tenant's console users (no password or hash)",
  label: { 'zh-CN': '查看租户用户', 'en-US': "View tenant's users" },
  body: ZOwnerUserListRequest,
  data: ZList(ZOwnerUserItem),
});

export const ownerUserPassword = call({
  method: 'POST',
  path: '/sa/oup',
  access,
  tag,
  summary: "Set a new password for a tenant's user, to be changed at the next sign-in",
  label: { 'zh-CN': '重置租户用户密码', 'en-US': "Reset tenant user's password" },
  body: ZOwnerUserPassword,
  message: 'modified',
});
