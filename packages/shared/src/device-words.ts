import type { Locale } from './errors.ts';

/**
 * The words the device export is written in: its columns and the readable values of a device's
 * states. The server writes the file from these; the device centre shows the same words from
 * its own texts (the web's locale files), and a web test compares the two.
 */
type Words<K extends string> = Readonly<Record<K, Readonly<Record<Locale, string>>>>;

/** The export's columns, in order; a `time` column's name is followed by the zone. */
export const DEVICE_EXPORT_COLUMNS: Words<
  | 'name'
  | 'number'
  | 'ip'
  | 'systemType'
  | 'kind'
  | 'version'
  | 'type'
  | 'licenceExpiresAt'
  | 'presence'
  | 'lastSeenAt'
  | 'install'
  | 'activation'
  | 'group'
  | 'createdAt'
  | 'deprecatedAt'
  | 'remark'
  | 'id'
> = {
  name: { 'zh-CN': '设备名称', 'en-US': 'Device name' },
  number: { 'zh-CN': '设备编号', 'en-US': 'Device number' },
  ip: { 'zh-CN': 'IP 地址', 'en-US': 'IP address' },
  systemType: { 'zh-CN': '系统类型', 'en-US': 'System type' },
  kind: { 'zh-CN': '引擎类型', 'en-US': 'Engine kind' },
  version: { 'zh-CN': '版本', 'en-US': 'Version' },
  type: { 'zh-CN': '授权类型', 'en-US': 'License type' },
  licenceExpiresAt: { 'zh-CN': '到期时间', 'en-US': 'Expires' },
  presence: { 'zh-CN': '在线状态', 'en-US': 'Presence' },
  lastSeenAt: { 'zh-CN': '最后在线', 'en-US': 'Last seen' },
  install: { 'zh-CN': '安装状态', 'en-US': 'Install state' },
  activation: { 'zh-CN': '激活状态', 'en-US': 'Activation' },
  group: { 'zh-CN': '分组', 'en-US': 'Group' },
  createdAt: { 'zh-CN': '注册时间', 'en-US': 'Registered' },
  deprecatedAt: { 'zh-CN': '废弃时间', 'en-US': 'Deprecated' },
  remark: { 'zh-CN': '备注', 'en-US': 'Remark' },
  id: { 'zh-CN': '设备 ID', 'en-US': 'Device ID' },
};
export type DeviceExportColumn = keyof typeof DEVICE_EXPORT_COLUMNS;

/** The columns holding times, written in the reader's zone (the header names it). */
export const DEVICE_TIME_COLUMNS: readonly DeviceExportColumn[] = [
  'licenceExpiresAt',
  'lastSeenAt',
  'createdAt',
  'deprecatedAt',
];

/** A device's states as the device centre shows them. */
export const DEVICE_VALUE_WORDS = {
  /** The licence type (-1 unlicensed, 0…4 the licensed kind, 5 expired). */
  type: {
    '-1': { 'zh-CN': '未授权', 'en-US': 'Unlicensed' },
    '0': { 'zh-CN': 'TDE', 'en-US': 'TDE' },
    '1': { 'zh-CN': 'DI', 'en-US': 'DI' },
    '2': { 'zh-CN': 'DPI', 'en-US': 'DPI' },
    '3': { 'zh-CN': 'PWE', 'en-US': 'PWE' },
    '4': { 'zh-CN': 'PWO', 'en-US': 'PWO' },
    '5': { 'zh-CN': '已过期', 'en-US': 'Expired' },
  },
  presence: {
    online: { 'zh-CN': '在线', 'en-US': 'Online' },
    offline: { 'zh-CN': '离线', 'en-US': 'Offline' },
    never: { 'zh-CN': '从未上线', 'en-US': 'Never seen' },
  },
  install: {
    none: { 'zh-CN': '未安装', 'en-US': 'Not installed' },
    installing: { 'zh-CN': '安装中', 'en-US': 'Installing' },
    installed: { 'zh-CN': '已安装', 'en-US': 'Installed' },
    failed: { 'zh-CN': '安装失败', 'en-US': 'Install failed' },
  },
  activation: {
    inactive: { 'zh-CN': '未激活', 'en-US': 'Not activated' },
    active: { 'zh-CN': '已激活', 'en-US': 'Activated' },
  },
  /** A device never seen, in the last-seen column. */
  never: { 'zh-CN': '从未', 'en-US': 'Never' },
  /** The sheet of an XLSX. */
  sheet: { 'zh-CN': '设备', 'en-US': 'Devices' },
} as const satisfies Record<string, unknown>;
