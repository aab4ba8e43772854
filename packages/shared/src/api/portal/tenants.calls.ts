import { ZList } from '../../contracts/common.ts';
import {
  ZOwnerAct,
  ZOwnerDel,
  ZOwnerEdit,
  ZOwnerItem,
  ZOwnerListRequest,
} from '../../contracts/sa-owners.ts';
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
  body: ZOwnerListRequest,
  data: ZList(ZOwnerItem),
});

export const activateTenant = call({
  method: 'POST',
  path: '/sa/ows/act',
  access,
  tag,
  summary: 'Activate or deactivate a tenant',
  body: ZOwnerAct,
  message: 'modified',
});

export const editTenant = call({
  method: 'POST',
  path: '/sa/ows/edit',
  access,
  tag,
  summary: "Edit a tenant's domain, names or SMS flag",
  body: ZOwnerEdit,
  message: 'modified',
});

export const deleteTenant = call({
  method: 'POST',
  path: '/sa/ows/del',
  access,
  tag,
  summary: 'Delete a tenant and all its console data',
  body: ZOwnerDel,
  message: 'deleted',
});
