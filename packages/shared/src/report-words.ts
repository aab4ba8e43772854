import type { ReportKind } from './contracts/reports.ts';
import type { Locale } from './errors.ts';

/**
 * The words a report is written in (docs/reports.md): its name, sections, rows and the devices
 * sheet's columns, in both languages. The server writes the PDF and XLSX from these; the web
 * names the kinds with the same words.
 */
type Words<K extends string> = Readonly<Record<K, Readonly<Record<Locale, string>>>>;

export const REPORT_KIND_WORDS: Words<ReportKind> = {
  daily: { 'zh-CN': '日报', 'en-US': 'Daily report' },
  weekly: { 'zh-CN': '周报', 'en-US': 'Weekly report' },
  monthly: { 'zh-CN': '月报', 'en-US': 'Monthly report' },
};

export const REPORT_WORDS = {
  title: { 'zh-CN': '运行报表', 'en-US': 'Operations report' },
  period: { 'zh-CN': '周期', 'en-US': 'Period' },
  madeAt: { 'zh-CN': '生成时间', 'en-US': 'Made at' },
  timeZone: { 'zh-CN': '时区', 'en-US': 'Time zone' },
  /** Under the period of a report made before it ended: what its figures cover ({at}: made at). */
  partial: {
    'zh-CN': '本期尚未结束：报表统计到生成时间 {at} 为止，数据不完整',
    'en-US':
      'The period had not ended when this report was made: it counts the period up to {at}, so its figures are partial',
  },
  summary: { 'zh-CN': '概要', 'en-US': 'Summary' },
  item: { 'zh-CN': '项目', 'en-US': 'Item' },
  count: { 'zh-CN': '数量', 'en-US': 'Count' },
  none: { 'zh-CN': '无', 'en-US': 'None' },
  // Sections
  devices: { 'zh-CN': '设备', 'en-US': 'Devices' },
  activations: { 'zh-CN': '激活与续期', 'en-US': 'Activations and renewals' },
  tasks: { 'zh-CN': '任务', 'en-US': 'Tasks' },
  alerts: { 'zh-CN': '告警', 'en-US': 'Alerts' },
  audit: { 'zh-CN': '审计', 'en-US': 'Audit' },
  // Device rows
  devicesRunning: { 'zh-CN': '在用设备', 'en-US': 'Devices in use' },
  devicesDeprecated: { 'zh-CN': '已停用设备', 'en-US': 'Deprecated devices' },
  devicesAdded: { 'zh-CN': '本期新增设备', 'en-US': 'Devices added in the period' },
  devicesDeprecatedInPeriod: {
    'zh-CN': '本期停用设备',
    'en-US': 'Devices deprecated in the period',
  },
  devicesSeen: { 'zh-CN': '本期有心跳的设备', 'en-US': 'Devices seen in the period' },
  devicesActive: { 'zh-CN': '已激活设备', 'en-US': 'Activated devices' },
  devicesInactive: { 'zh-CN': '未激活设备', 'en-US': 'Devices not activated' },
  licencesEnding: {
    'zh-CN': '授权在 30 天内到期的设备',
    'en-US': 'Devices whose license ends within 30 days',
  },
  topGroups: { 'zh-CN': '设备最多的分组', 'en-US': 'Groups with the most devices' },
  topVersions: { 'zh-CN': '引擎版本', 'en-US': 'Engine versions' },
  group: { 'zh-CN': '分组', 'en-US': 'Group' },
  version: { 'zh-CN': '版本', 'en-US': 'Version' },
  unknown: { 'zh-CN': '未知', 'en-US': 'Unknown' },
  // Activations
  activate: { 'zh-CN': '激活申请', 'en-US': 'Activation requests' },
  renew: { 'zh-CN': '续期申请', 'en-US': 'Renewal requests' },
  // Tasks
  tasksMade: { 'zh-CN': '本期创建的任务', 'en-US': 'Tasks made in the period' },
  taskType: { 'zh-CN': '任务类型', 'en-US': 'Task type' },
  taskStatus: { 'zh-CN': '状态', 'en-US': 'Status' },
  // Alerts
  alertsRaised: { 'zh-CN': '本期告警', 'en-US': 'Alerts raised in the period' },
  alertsNew: { 'zh-CN': '未处理', 'en-US': 'New' },
  alertsSeen: { 'zh-CN': '已查看', 'en-US': 'Seen' },
  alertsHandled: { 'zh-CN': '已处理', 'en-US': 'Handled' },
  topAlertDevices: { 'zh-CN': '告警最多的设备', 'en-US': 'Devices with the most alerts' },
  device: { 'zh-CN': '设备', 'en-US': 'Device' },
  // Audit
  auditEntries: { 'zh-CN': '审计记录', 'en-US': 'Audit entries' },
  auditFailures: { 'zh-CN': '失败或被拒绝的操作', 'en-US': 'Failed or refused actions' },
  topActions: { 'zh-CN': '最常见的操作', 'en-US': 'Most frequent actions' },
  action: { 'zh-CN': '操作', 'en-US': 'Action' },
  // The devices sheet
  deviceSheet: { 'zh-CN': '设备清单', 'en-US': 'Devices' },
  summarySheet: { 'zh-CN': '概要', 'en-US': 'Summary' },
  devicesListed: {
    'zh-CN': '设备清单见 XLSX 文件',
    'en-US': 'Every device is listed in the XLSX file',
  },
} as const satisfies Words<string>;

/** The devices sheet's columns. */
export const REPORT_DEVICE_COLUMNS: Words<
  | 'name'
  | 'number'
  | 'ip'
  | 'group'
  | 'systemType'
  | 'kind'
  | 'version'
  | 'status'
  | 'activation'
  | 'licenceExpiresAt'
  | 'lastSeenAt'
  | 'createdAt'
> = {
  name: { 'zh-CN': '设备名称', 'en-US': 'Name' },
  number: { 'zh-CN': '编号', 'en-US': 'Number' },
  ip: { 'zh-CN': 'IP', 'en-US': 'IP' },
  group: { 'zh-CN': '分组', 'en-US': 'Group' },
  systemType: { 'zh-CN': '系统', 'en-US': 'System' },
  kind: { 'zh-CN': '引擎类型', 'en-US': 'Engine kind' },
  version: { 'zh-CN': '版本', 'en-US': 'Version' },
  status: { 'zh-CN': '状态', 'en-US': 'Status' },
  activation: { 'zh-CN': '激活状态', 'en-US': 'Activation' },
  licenceExpiresAt: { 'zh-CN': '授权到期', 'en-US': 'License ends' },
  lastSeenAt: { 'zh-CN': '最后心跳', 'en-US': 'Last seen' },
  createdAt: { 'zh-CN': '注册时间', 'en-US': 'Registered' },
};
export type ReportDeviceColumn = keyof typeof REPORT_DEVICE_COLUMNS;

/** A report's name in its language: `月报 2026-10`, `Weekly report 2026-11-16`. */
export function reportName(kind: ReportKind, firstDay: string, locale: Locale): string {
  const day = kind === 'monthly' ? firstDay.slice(0, 7) : firstDay;
  return `${REPORT_KIND_WORDS[kind][locale]} ${day}`;
}
