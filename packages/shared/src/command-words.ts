import type { CommandState, CommandType } from './contracts/commands.ts';
import type { Locale } from './errors.ts';

/**
 * What each command type and state is called (docs/commands.md). The audit log writes a task's
 * command in these words; the console's task screens show the same words.
 */
type Words<K extends string> = Readonly<Record<K, Readonly<Record<Locale, string>>>>;

export const COMMAND_TYPE_WORDS: Words<CommandType> = {
  'tde.encrypt': { 'zh-CN': '加密目录', 'en-US': 'Encrypt folder' },
  'tde.decrypt': { 'zh-CN': '解密目录', 'en-US': 'Decrypt folder' },
  'tde.rotate': { 'zh-CN': '轮换数据密钥', 'en-US': 'Rotate data key' },
  'se.protect': { 'zh-CN': '写保护目录', 'en-US': 'Write-protect folder' },
  'se.unprotect': { 'zh-CN': '解除写保护', 'en-US': 'Lift write protection' },
  'dpi.baseline': { 'zh-CN': '添加完整性监控', 'en-US': 'Monitor folder integrity' },
  'dpi.verify': { 'zh-CN': '校验完整性', 'en-US': 'Verify folder integrity' },
  'dpi.drop': { 'zh-CN': '移除完整性监控', 'en-US': 'Stop monitoring integrity' },
  'dpi.reset': { 'zh-CN': '重置完整性基线', 'en-US': 'Reset integrity baseline' },
  'licence.install': { 'zh-CN': '安装许可证', 'en-US': 'Install license' },
  'licence.request': { 'zh-CN': '生成许可证申请', 'en-US': 'Make license request' },
  'licence.show': { 'zh-CN': '查看许可证', 'en-US': 'View license' },
  'engine.upgrade': { 'zh-CN': '升级引擎', 'en-US': 'Upgrade engine' },
  'view.folder': { 'zh-CN': '浏览目录', 'en-US': 'Browse folder' },
  'view.program': { 'zh-CN': '查看程序', 'en-US': 'View program' },
  'program.authorise': { 'zh-CN': '授权程序', 'en-US': 'Authorise program' },
  'program.revoke': { 'zh-CN': '取消程序授权', 'en-US': 'Revoke program' },
  'program.list': { 'zh-CN': '查看授权程序', 'en-US': 'List authorised programs' },
  'engine.version': { 'zh-CN': '查看引擎版本', 'en-US': 'Engine version' },
  'engine.watch': { 'zh-CN': '查看引擎实时状态', 'en-US': 'Watch engine' },
  'window.open': { 'zh-CN': '开启提权/学习窗口', 'en-US': 'Open window' },
  'window.adjust': { 'zh-CN': '调整提权/学习窗口', 'en-US': 'Adjust window' },
  'learning.list': { 'zh-CN': '查看学习结果', 'en-US': 'List learned programs' },
  'learning.authorise': { 'zh-CN': '授权学习到的程序', 'en-US': 'Authorise learned programs' },
};

export const COMMAND_STATE_WORDS: Words<CommandState> = {
  waiting: { 'zh-CN': '等待中', 'en-US': 'Waiting' },
  processing: { 'zh-CN': '执行中', 'en-US': 'Processing' },
  finished: { 'zh-CN': '已完成', 'en-US': 'Finished' },
  failed: { 'zh-CN': '失败', 'en-US': 'Failed' },
  timeout: { 'zh-CN': '超时', 'en-US': 'Timed out' },
  cancelled: { 'zh-CN': '已取消', 'en-US': 'Cancelled' },
};
