import { z } from 'zod';
import { ZEmpty, ZList } from '../../contracts/common.ts';
import {
  ZAuditActions,
  ZAuditExportQuery,
  ZAuditItem,
  ZAuditListRequest,
} from '../../contracts/console-admin.ts';
import { call, consoleRead } from '../define.ts';

/**
 * The audit log: the auditor reads everyone's entries but their own, the system administrator
 * the entries written under the audit duty but their own (server console/audit/audit-readers.ts).
 * Entries read in the caller's language (Accept-Language).
 */
const auditReaders = consoleRead('audit', 'system');

export const auditLog = call({
  method: 'POST',
  path: '/owner/l/log',
  access: auditReaders,
  tag: 'owner',
  summary:
    "The audit log (auditor: everyone's entries but their own; system administrator: the audit duty's but their own): filter by time, account, action, result, target",
  label: { 'zh-CN': '查看审计日志', 'en-US': 'View audit log' },
  body: ZAuditListRequest,
  data: ZList(ZAuditItem),
});

export const auditActionList = call({
  method: 'POST',
  path: '/owner/l/log/actions',
  access: auditReaders,
  tag: 'owner',
  summary: "The actions the audit log may hold, labelled in the caller's language (action filter)",
  label: { 'zh-CN': '查看审计操作类型', 'en-US': 'View audit action types' },
  body: ZEmpty,
  data: ZAuditActions,
});

export const exportAuditLog = call({
  method: 'GET',
  path: '/owner/dw/:owner/audit',
  access: auditReaders,
  tag: 'owner',
  summary:
    "The audit log as CSV in the caller's language, with the filters of /owner/l/log and the reader's time zone (tz) as query parameters",
  label: { 'zh-CN': '导出审计日志', 'en-US': 'Export audit log' },
  params: z.object({ owner: z.string().max(64) }),
  query: ZAuditExportQuery,
  file: true,
});
