import { ZEmpty } from '../../contracts/common.ts';
import {
  ZReportDownloadParams,
  ZReportDownloadQuery,
  ZReportListRequest,
  ZReportMade,
  ZReportMake,
  ZReportPage,
  ZReportSchedule,
} from '../../contracts/reports.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * Report downloads (docs/reports.md): a day's, week's or month's summary of devices, activations,
 * tasks, alerts and the audit log, as PDF and XLSX. Read by the system administrator and the
 * auditor, who oversee the tenant as a whole; the security operator and the key administrator
 * see their own screens. The audit part holds counts only (no who or what), so the system
 * administrator learns no more of the audit log than its volume.
 */
const tag = 'report';
const readers = consoleRead('system', 'audit');
const writers = consoleWrite('system', 'audit');

export const reportList = call({
  method: 'POST',
  path: '/report/m/list',
  access: readers,
  tag,
  summary: "The tenant's reports, newest first, with their state and progress",
  label: { 'zh-CN': '查看报表', 'en-US': 'View reports' },
  body: ZReportListRequest,
  data: ZReportPage,
});

export const makeReport = call({
  method: 'POST',
  path: '/report/m/make',
  access: writers,
  tag,
  summary: 'Make a report of a period now, in the background (the list shows its progress)',
  label: { 'zh-CN': '生成报表', 'en-US': 'Make report' },
  body: ZReportMake,
  data: ZReportMade,
  message: 'created',
});

export const downloadReport = call({
  method: 'GET',
  path: '/report/dw/:id',
  access: readers,
  tag,
  summary: "A made report's PDF or XLSX",
  label: { 'zh-CN': '下载报表', 'en-US': 'Download report' },
  params: ZReportDownloadParams,
  query: ZReportDownloadQuery,
  file: true,
});

export const reportSchedule = call({
  method: 'POST',
  path: '/report/s/get-set',
  access: readers,
  tag,
  summary: 'Which reports are made after each period ends, in which language and time zone',
  label: { 'zh-CN': '查看定时报表设置', 'en-US': 'View report schedule' },
  body: ZEmpty,
  data: ZReportSchedule,
});

export const setReportSchedule = call({
  method: 'POST',
  path: '/report/s/set',
  access: writers,
  tag,
  summary: 'Set which reports are made after each period ends (audited with before and after)',
  label: { 'zh-CN': '修改定时报表设置', 'en-US': 'Change report schedule' },
  body: ZReportSchedule,
  message: 'modified',
});
