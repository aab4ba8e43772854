import type { Locale } from './errors.ts';

/** Success messages the server puts in `msg` (docs/product.md §8: edits answer '修改成功'). */
export const successMessages = {
  ok: { 'zh-CN': '操作成功', 'en-US': 'Success' },
  modified: { 'zh-CN': '修改成功', 'en-US': 'Modified successfully' },
  created: { 'zh-CN': '添加成功', 'en-US': 'Added successfully' },
  deleted: { 'zh-CN': '删除成功', 'en-US': 'Deleted successfully' },
  sent: { 'zh-CN': '发送成功', 'en-US': 'Sent successfully' },
  loggedIn: { 'zh-CN': '登录成功', 'en-US': 'Logged in successfully' },
  loggedOut: { 'zh-CN': '已退出登录', 'en-US': 'Logged out' },
} as const satisfies Record<string, Record<Locale, string>>;

export type SuccessKey = keyof typeof successMessages;
