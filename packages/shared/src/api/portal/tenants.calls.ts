import { ZList } from '../../contracts/common.ts';
import {
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
  body: ZTenantListRequest,
  data: ZList(ZTenantItem),
});

export const activateTenant = call({
  method: 'POST',
  path: '/sa/ows/act',
  access,
  tag,
  summary: 'Activate or deactivate a tenant',
  body: ZTenantAct,
  message: 'modified',
});

export const editTenant = call({
  method: 'POST',
  path: '/sa/ows/edit',
  access,
  tag,
  summary: "Edit a tenant's domain, names or SMS flag",
  body: ZTenantEdit,
  message: 'modified',
});

export const deleteTenant = call({
  method: 'POST',
  path: '/sa/ows/del',
  access,
  tag,
  summary: 'Delete a tenant and all its console data',
  body: ZTenantDel,
  message: 'deleted',
});
