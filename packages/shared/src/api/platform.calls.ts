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
  label: { 'zh-CN': '健康检查', 'en-US': 'Health check' },
  data: ZHealth,
  rateLimit: 'none',
});

export const serverTime = call({
  method: 'POST',
  path: '/owner/n/ts',
  access: publicAccess,
  tag: 'owner',
  summary: 'Server time and the trusted signing key id',
  label: { 'zh-CN': '获取服务器时间', 'en-US': 'Get server time' },
  body: ZEmpty,
  data: ZSysTime,
});

export const vendorServerTime = call({
  method: 'POST',
  path: '/sa/n/sys',
  access: publicAccess,
  tag: 'sa',
  summary: 'Server time and the trusted signing key id (vendor side)',
  label: { 'zh-CN': '获取服务器时间（厂商）', 'en-US': 'Get server time (vendor)' },
  body: ZEmpty,
  data: ZSysTime,
});

export const tenantInfo = call({
  method: 'POST',
  path: '/owner/n/domain',
  access: publicAccess,
  tag: 'owner',
  summary: "Owner info of the tenant served on the request's host",
  label: { 'zh-CN': '获取租户信息', 'en-US': 'Get tenant info' },
  body: ZEmpty,
  data: ZTenantInfo,
});
