import type { Locale } from './errors.ts';

/**
 * The words the logs and alerts are read in (docs/logs.md): the export's columns and the
 * readable values of kinds, actions, outcomes and states. The server writes exports from these,
 * and the web shows the same words.
 */
type Words<K extends string> = Readonly<Record<K, Readonly<Record<Locale, string>>>>;

export const LOG_EXPORT_COLUMNS: Words<
  'at' | 'device' | 'group' | 'kind' | 'action' | 'outcome' | 'program' | 'user' | 'path' | 'sha256'
> = {
  at: { 'zh-CN': '时间', 'en-US': 'Time' },
  device: { 'zh-CN': '设备', 'en-US': 'Device' },
  group: { 'zh-CN': '分组', 'en-US': 'Group' },
  kind: { 'zh-CN': '类型', 'en-US': 'Kind' },
  action: { 'zh-CN': '操作', 'en-US': 'Action' },
  outcome: { 'zh-CN': '结果', 'en-US': 'Outcome' },
  program: { 'zh-CN': '程序', 'en-US': 'Program' },
  user: { 'zh-CN': '用户', 'en-US': 'User' },
  path: { 'zh-CN': '路径', 'en-US': 'Path' },
  sha256: { 'zh-CN': 'SHA-256', 'en-US': 'SHA-256' },
};
export type LogExportColumn = keyof typeof LOG_EXPORT_COLUMNS;

/** Readable values; an export writes the raw value of one it has no word for. */
export const LOG_VALUE_WORDS = {
  kind: {
    access: { 'zh-CN': '访问控制', 'en-US': 'Access control' },
    dpi: { 'zh-CN': '完整性（DPI）', 'en-US': 'Integrity (DPI)' },
    tde: { 'zh-CN': '透明加密（TDE）', 'en-US': 'Encryption (TDE)' },
  },
  action: {
    read: { 'zh-CN': '读取', 'en-US': 'Read' },
    write: { 'zh-CN': '写入', 'en-US': 'Write' },
    execute: { 'zh-CN': '执行', 'en-US': 'Execute' },
    create: { 'zh-CN': '创建', 'en-US': 'Create' },
    delete: { 'zh-CN': '删除', 'en-US': 'Delete' },
    rename: { 'zh-CN': '重命名', 'en-US': 'Rename' },
    altered: { 'zh-CN': '被篡改', 'en-US': 'Altered' },
    added: { 'zh-CN': '新增', 'en-US': 'Added' },
    deleted: { 'zh-CN': '被删除', 'en-US': 'Deleted' },
    encrypted: { 'zh-CN': '已加密', 'en-US': 'Encrypted' },
    decrypted: { 'zh-CN': '已解密', 'en-US': 'Decrypted' },
    removed: { 'zh-CN': '已移除', 'en-US': 'Removed' },
  },
  outcome: {
    allowed: { 'zh-CN': '允许', 'en-US': 'Allowed' },
    denied: { 'zh-CN': '拒绝', 'en-US': 'Denied' },
  },
  state: {
    new: { 'zh-CN': '未读', 'en-US': 'New' },
    seen: { 'zh-CN': '已读', 'en-US': 'Seen' },
    handled: { 'zh-CN': '已处理', 'en-US': 'Handled' },
  },
  /** What raised an alert: a DPI integrity change, or a filtering rule. */
  source: {
    dpi: { 'zh-CN': 'DPI 变更', 'en-US': 'DPI change' },
    rule: { 'zh-CN': '规则命中', 'en-US': 'Rule hit' },
  },
  /** The sheet of an XLSX export, by log. */
  sheet: {
    access: { 'zh-CN': '访问控制日志', 'en-US': 'Access-control log' },
    monitor: { 'zh-CN': '监控日志', 'en-US': 'Monitoring log' },
  },
} as const satisfies Record<string, Words<string>>;

/** A value's word in `locale`, or the value itself when it has none. */
export function logWord(
  family: keyof typeof LOG_VALUE_WORDS,
  value: string,
  locale: Locale,
): string {
  const words = LOG_VALUE_WORDS[family] as Words<string>;
  return words[value]?.[locale] ?? value;
}
