import { z } from 'zod';
import { ZList } from '../../contracts/common.ts';
import { ZAuditFilter, ZAuditItem, ZAuditListRequest } from '../../contracts/console-admin.ts';
import { call, consoleRead } from '../define.ts';

/** The audit log, for the auditor. */
export const auditLog = call({
  method: 'POST',
  path: '/owner/l/log',
  access: consoleRead('audit'),
  tag: 'owner',
  summary: 'The audit log (auditor): filter by time, account, action, result, target',
  label: { 'zh-CN': '查看审计日志', 'en-US': 'View audit log' },
  body: ZAuditListRequest,
  data: ZList(ZAuditItem),
});

export const exportAuditLog = call({
  method: 'GET',
  path: '/owner/dw/:owner/audit',
  access: consoleRead('audit'),
  tag: 'owner',
  summary: 'The audit log as CSV, with the filters of /owner/l/log as query parameters',
  label: { 'zh-CN': '导出审计日志', 'en-US': 'Export audit log' },
  params: z.object({ owner: z.string().max(64) }),
  query: ZAuditFilter,
  file: true,
});
