import type { TCustomerRow } from '@edp/shared/contracts/customers';
import type { Locale } from '@edp/shared/errors';

/** The export's columns, in order, with their names in both languages. */
const COLUMNS = {
  company: { 'zh-CN': '公司名称', 'en-US': 'Company' },
  email: { 'zh-CN': '邮箱', 'en-US': 'E-mail' },
  contact: { 'zh-CN': '联系人', 'en-US': 'Contact' },
  phone: { 'zh-CN': '联系电话', 'en-US': 'Contact phone' },
  domains: { 'zh-CN': '域名', 'en-US': 'Domains' },
  keyInitialised: { 'zh-CN': '密钥已初始化', 'en-US': 'Keys initialised' },
  balance: { 'zh-CN': '余额（月）', 'en-US': 'Balance (months)' },
  licenceCount: { 'zh-CN': '许可数', 'en-US': 'Licenses' },
  expiringCount: { 'zh-CN': '即将过期', 'en-US': 'Expiring' },
  expiredCount: { 'zh-CN': '已过期', 'en-US': 'Expired' },
  engineCount: { 'zh-CN': '运行中的引擎', 'en-US': 'Running engines' },
  createdAt: { 'zh-CN': '注册时间', 'en-US': 'Registered' },
} as const;
type Column = keyof typeof COLUMNS;
export const CUSTOMER_COLUMNS = Object.keys(COLUMNS) as Column[];

const YES_NO = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] } as const;

/** A column's name in the reader's language; the time column's names the zone of its times. */
export function customerHeader(column: Column, locale: Locale, zone: string): string {
  const word = COLUMNS[column][locale];
  if (column !== 'createdAt') return word;
  return locale === 'zh-CN' ? `${word}（${zone}）` : `${word} (${zone})`;
}

/** A customer's cells, in the columns' order. */
export function customerCells(
  r: TCustomerRow,
  locale: Locale,
  time: (at: Date) => string,
): unknown[] {
  const cells: Record<Column, unknown> = {
    ...r,
    domains: r.tenants.map((t) => t.domain).join(' '),
    keyInitialised: YES_NO[locale][r.keyInitialised ? 0 : 1],
    createdAt: time(new Date(r.createdAt)),
  };
  return CUSTOMER_COLUMNS.map((c) => cells[c]);
}
