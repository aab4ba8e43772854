import { ZEmpty } from '../../contracts/common.ts';
import {
  ZAccessLogExportQuery,
  ZAccessLogRequest,
  ZAlertHandle,
  ZAlertHandled,
  ZAlertListRequest,
  ZAlertPage,
  ZAlertPreview,
  ZAlertPreviewRequest,
  ZAuditRetention,
  ZDpiAltersRequest,
  ZLogBackups,
  ZLogPage,
  ZLogRules,
  ZLogRulesView,
  ZLogSettings,
  ZMonitorLogExportQuery,
  ZMonitorLogRequest,
} from '../../contracts/logs.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * What the engines report (docs/logs.md): the monitoring and access-control logs and the alert
 * messages, read by the security operator (`operate`) and the auditor (`audit`), who SPEC §2 and
 * issue 25 say see what happened on every engine; alerts handled by the security operator; the
 * log filtering rules and the logs' retention under system configuration (`system`); the audit
 * log's own retention by the auditor's duty alone.
 */
const tag = 'log';
const readers = consoleRead('operate', 'audit');

export const monitorLog = call({
  method: 'POST',
  path: '/log/m/monitor',
  access: readers,
  tag,
  summary:
    'The monitoring log: DPI integrity changes and TDE state changes, newest first (keyset pages)',
  label: { 'zh-CN': '查看监控日志', 'en-US': 'View monitoring log' },
  body: ZMonitorLogRequest,
  data: ZLogPage,
});

export const accessLog = call({
  method: 'POST',
  path: '/log/m/access',
  access: readers,
  tag,
  summary: 'The access-control log: allowed and denied accesses, newest first (keyset pages)',
  label: { 'zh-CN': '查看访问控制日志', 'en-US': 'View access-control log' },
  body: ZAccessLogRequest,
  data: ZLogPage,
});

export const exportMonitorLog = call({
  method: 'GET',
  path: '/log/dw/monitor',
  access: readers,
  tag,
  summary:
    "The monitoring log as CSV or XLSX in the caller's language, streamed, with the filters of /log/m/monitor and the reader's time zone (tz) as query parameters",
  label: { 'zh-CN': '导出监控日志', 'en-US': 'Export monitoring log' },
  query: ZMonitorLogExportQuery,
  file: true,
});

export const exportAccessLog = call({
  method: 'GET',
  path: '/log/dw/access',
  access: readers,
  tag,
  summary:
    "The access-control log as CSV or XLSX in the caller's language, streamed, with the filters of /log/m/access and the reader's time zone (tz) as query parameters",
  label: { 'zh-CN': '导出访问控制日志', 'en-US': 'Export access-control log' },
  query: ZAccessLogExportQuery,
  file: true,
});

export const dpiAlters = call({
  method: 'POST',
  path: '/dv/m/dpi/alters',
  access: consoleRead('operate'),
  tag,
  summary: "One device's DPI integrity changes, newest first (keyset pages)",
  label: { 'zh-CN': '查看设备完整性变更', 'en-US': "View a device's integrity changes" },
  body: ZDpiAltersRequest,
  data: ZLogPage,
});

export const alertList = call({
  method: 'POST',
  path: '/alert/m/list',
  access: readers,
  tag,
  summary: 'Alert messages: DPI alterations and rule hits, by state, newest first (keyset pages)',
  label: { 'zh-CN': '查看告警消息', 'en-US': 'View alert messages' },
  body: ZAlertListRequest,
  data: ZAlertPage,
});

export const alertHandlePreview = call({
  method: 'POST',
  path: '/alert/m/handle/preview',
  access: consoleWrite('operate'),
  tag,
  summary: 'How many alerts a filter would mark seen or handled, and the first of them',
  label: { 'zh-CN': '预览处理告警', 'en-US': 'Preview handling alerts' },
  body: ZAlertPreviewRequest,
  data: ZAlertPreview,
});

export const handleAlerts = call({
  method: 'POST',
  path: '/alert/m/handle',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Mark alerts seen or handled, by id or by filter up to the preview (asOf); who and when are kept',
  label: { 'zh-CN': '处理告警', 'en-US': 'Handle alerts' },
  body: ZAlertHandle,
  data: ZAlertHandled,
  message: 'modified',
});

export const logRules = call({
  method: 'POST',
  path: '/log/s/rules',
  access: consoleRead('system'),
  tag,
  summary: 'The log filtering rules, in order (the first that matches an event decides)',
  label: { 'zh-CN': '查看日志过滤规则', 'en-US': 'View log filtering rules' },
  body: ZEmpty,
  data: ZLogRulesView,
});

export const setLogRules = call({
  method: 'POST',
  path: '/log/s/rules/set',
  access: consoleWrite('system'),
  tag,
  summary: 'Replace the log filtering rules (new events only; audited with before and after)',
  label: { 'zh-CN': '修改日志过滤规则', 'en-US': 'Change log filtering rules' },
  body: ZLogRules,
  message: 'modified',
});

export const logSettings = call({
  method: 'POST',
  path: '/log/s/get-set',
  access: consoleRead('system'),
  tag,
  summary: "The logs' retention (1, 6 or 12 months) and whether weeks are backed up first",
  label: { 'zh-CN': '查看日志清理设置', 'en-US': 'View log cleanup settings' },
  body: ZEmpty,
  data: ZLogSettings,
});

export const setLogSettings = call({
  method: 'POST',
  path: '/log/s/set',
  access: consoleWrite('system'),
  tag,
  summary: "Set the logs' retention and backup",
  label: { 'zh-CN': '修改日志清理设置', 'en-US': 'Change log cleanup settings' },
  body: ZLogSettings,
  message: 'modified',
});

export const logBackups = call({
  method: 'POST',
  path: '/log/s/backups',
  access: consoleRead('system'),
  tag,
  summary: "The tenant's log backups in the server's backup directory, newest first",
  label: { 'zh-CN': '查看日志备份', 'en-US': 'View log backups' },
  body: ZEmpty,
  data: ZLogBackups,
});

export const auditRetention = call({
  method: 'POST',
  path: '/owner/s/get-set',
  access: consoleRead('audit'),
  tag: 'owner',
  summary: "The audit log's retention, the auditor's alone",
  label: { 'zh-CN': '查看审计日志保留期', 'en-US': 'View audit log retention' },
  body: ZEmpty,
  data: ZAuditRetention,
});

export const setAuditRetention = call({
  method: 'POST',
  path: '/owner/s/set',
  access: consoleWrite('audit'),
  tag: 'owner',
  summary: "Set the audit log's retention (the auditor's duty alone)",
  label: { 'zh-CN': '修改审计日志保留期', 'en-US': 'Change audit log retention' },
  body: ZAuditRetention,
  message: 'modified',
});
