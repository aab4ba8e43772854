import { COMMAND_ANSWERS } from '../../contracts/commands.ts';
import { ZSyncDevice, ZSyncPath } from '../../contracts/tasks.ts';
import { call, consoleWrite } from '../define.ts';

/**
 * Synchronous commands (SPEC §7 `sync`; docs/commands.md): one device's engine answers while
 * the caller waits, up to a deadline. An offline engine answers at once (-10120); a missed
 * deadline answers -10121 and the command is withdrawn, never run later; an engine's refusal
 * answers its own code (SPEC §8) in the reader's language. Each call is one command type.
 * Every one is a command to an engine, so each needs the security operator's write permission
 * and is audited, a look into a folder included.
 */
const tag = 'sync';

export const viewFolder = call({
  method: 'POST',
  path: '/sync/m/view/folder',
  access: consoleWrite('operate'),
  tag,
  summary: "A folder's entries on the device: names, kinds, sizes, and which are protected how",
  label: { 'zh-CN': '浏览设备目录', 'en-US': 'Browse device folder' },
  body: ZSyncPath,
  data: COMMAND_ANSWERS['view.folder'],
});

export const viewProgram = call({
  method: 'POST',
  path: '/sync/m/view/program',
  access: consoleWrite('operate'),
  tag,
  summary: 'One program file on the device: size, SHA-256, whether it is authorised',
  label: { 'zh-CN': '查看程序', 'en-US': 'View program' },
  body: ZSyncPath,
  data: COMMAND_ANSWERS['view.program'],
});

export const authoriseProgram = call({
  method: 'POST',
  path: '/sync/m/pi/add',
  access: consoleWrite('operate'),
  tag,
  summary: 'Authorise a program (by path and the SHA-256 the engine reads) to use protected data',
  label: { 'zh-CN': '添加授权程序', 'en-US': 'Authorise program' },
  body: ZSyncPath,
  data: COMMAND_ANSWERS['program.authorise'],
  message: 'created',
});

export const revokeProgram = call({
  method: 'POST',
  path: '/sync/m/pi/remove',
  access: consoleWrite('operate'),
  tag,
  summary: "Withdraw a program's authorisation",
  label: { 'zh-CN': '移除授权程序', 'en-US': 'Remove authorised program' },
  body: ZSyncPath,
  data: COMMAND_ANSWERS['program.revoke'],
  message: 'deleted',
});

export const authorisedPrograms = call({
  method: 'POST',
  path: '/sync/m/aa',
  access: consoleWrite('operate'),
  tag,
  summary: 'The programs the engine lets use protected data',
  label: { 'zh-CN': '查看授权程序', 'en-US': 'View authorised programs' },
  body: ZSyncDevice,
  data: COMMAND_ANSWERS['program.list'],
});

export const engineVersion = call({
  method: 'POST',
  path: '/sync/m/version',
  access: consoleWrite('operate'),
  tag,
  summary: "The engine's version and platform, as it answers now",
  label: { 'zh-CN': '查看引擎版本', 'en-US': 'View engine version' },
  body: ZSyncDevice,
  data: COMMAND_ANSWERS['engine.version'],
});

export const watchEngine = call({
  method: 'POST',
  path: '/sync/m/watch',
  access: consoleWrite('operate'),
  tag,
  summary: "The engine's live state: protected folders, pending alerts, last check-in",
  label: { 'zh-CN': '查看引擎实时状态', 'en-US': 'Watch engine' },
  body: ZSyncDevice,
  data: COMMAND_ANSWERS['engine.watch'],
});
