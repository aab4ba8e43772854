import { z } from 'zod';
import { ZEmpty } from '../contracts/common.ts';
import { ZTenantInfo, ZSysTime } from '../contracts/tenant.ts';
import { call, publicAccess } from './define.ts';

const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'pg']),
  uptimeSeconds: z.number(),
});

export const health = call({
  method: 'GET',
  path: '/health',
  access: publicAccess,
  tag: 'health',
  summary: 'Liveness and database reachability',
  data: ZHealth,
  rateLimit: 'none',
});

export const serverTime = call({
  method: 'POST',
  path: '/owner/n/ts',
  access: publicAccess,
  tag: 'owner',
  summary: 'Server time and the trusted signing key id',
  body: ZEmpty,
  data: ZSysTime,
});

export const vendorServerTime = call({
  method: 'POST',
  path: '/sa/n/sys',
  access: publicAccess,
  tag: 'sa',
  summary: 'Server time and the trusted signing key id (vendor side)',
  body: ZEmpty,
  data: ZSysTime,
});

export const tenantInfo = call({
  method: 'POST',
  path: '/owner/n/domain',
  access: publicAccess,
  tag: 'owner',
  summary: "Owner info of the tenant served on the request's host",
  body: ZEmpty,
  data: ZTenantInfo,
});
