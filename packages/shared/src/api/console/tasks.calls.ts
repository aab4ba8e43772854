import {
  ZCommandDetail,
  ZCommandList,
  ZCommandListRequest,
  ZFolderTask,
  ZTaskChanged,
  ZTaskCreated,
  ZTaskItem,
  ZTaskList,
  ZTaskOperators,
  ZTaskListRequest,
  ZTaskPreview,
  ZTaskPreviewRequest,
  ZUpgradeTask,
} from '../../contracts/tasks.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { ZIdRequest } from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite, type Label } from '../define.ts';

/**
 * Tasks (SPEC §7 `async`, `/dv/m/task*`; docs/commands.md): one command over many devices, each
 * with its own result. Only the security operator's duty sends them, with write permission.
 */
const tag = 'task';

/** A folder task: one declaration each, the engine's command type named in docs/commands.md. */
const folderTask = <const P extends string>(path: P, label: Label, summary: string) =>
  call({
    method: 'POST',
    path,
    access: consoleWrite('operate'),
    tag,
    summary,
    label,
    body: ZFolderTask,
    data: ZTaskCreated,
    message: 'created',
  });

export const addTdeFolder = folderTask(
  '/async/m/tde/folder/add',
  { 'zh-CN': '添加加密目录', 'en-US': 'Add encrypted folder' },
  'Encrypt a folder on the target devices (tde.encrypt)',
);
export const removeTdeFolder = folderTask(
  '/async/m/tde/folder/remove',
  { 'zh-CN': '移除加密目录', 'en-US': 'Remove encrypted folder' },
  'Decrypt a folder on the target devices, every byte back as it was (tde.decrypt)',
);
export const seProtect = folderTask(
  '/async/m/se/protect',
  { 'zh-CN': '添加写保护目录', 'en-US': 'Write-protect folder' },
  'Write-protect a folder on the target devices (se.protect, security enhancement)',
);
export const seUnprotect = folderTask(
  '/async/m/se/unprotect',
  { 'zh-CN': '解除写保护目录', 'en-US': 'Lift folder write protection' },
  "Lift a folder's write protection on the target devices (se.unprotect)",
);
export const addDpiFolder = folderTask(
  '/async/m/dpi/folder/add',
  { 'zh-CN': '添加完整性监控目录', 'en-US': 'Add integrity-monitored folder' },
  "Take a folder's integrity baseline on the target devices (dpi.baseline)",
);
export const removeDpiFolder = folderTask(
  '/async/m/dpi/folder/remove',
  { 'zh-CN': '移除完整性监控目录', 'en-US': 'Remove integrity-monitored folder' },
  "Stop watching a folder's integrity on the target devices (dpi.drop)",
);
export const resetDpi = folderTask(
  '/async/m/dpi/reset',
  { 'zh-CN': '重置完整性基线', 'en-US': 'Reset integrity baseline' },
  'Accept a folder as it is now: a new baseline, pending alterations cleared (dpi.reset)',
);

export const upgradeEngines = call({
  method: 'POST',
  path: '/async/m/engine/upgrade',
  access: consoleWrite('operate'),
  tag,
  summary: "Bring the target devices' engines to the version this console serves (engine.upgrade)",
  label: { 'zh-CN': '升级引擎', 'en-US': 'Upgrade engines' },
  body: ZUpgradeTask,
  data: ZTaskCreated,
  message: 'created',
});

export const previewTask = call({
  method: 'POST',
  path: '/async/m/preview',
  access: consoleRead('operate'),
  tag,
  summary: 'How many running devices a task target reaches, and the first few by name',
  label: { 'zh-CN': '预览任务范围', 'en-US': 'Preview task target' },
  body: ZTaskPreviewRequest,
  data: ZTaskPreview,
});

export const taskList = call({
  method: 'POST',
  path: '/dv/m/tasks',
  access: consoleRead('operate'),
  tag,
  summary: "The tenant's tasks, newest first, with each one's progress by state",
  label: { 'zh-CN': '查看任务', 'en-US': 'View tasks' },
  body: ZTaskListRequest,
  data: ZTaskList,
});

export const taskOperators = call({
  method: 'POST',
  path: '/dv/m/task/operators',
  access: consoleRead('operate'),
  tag,
  summary: "Who made the tasks the caller sees (id and account), for the task list's filter",
  label: { 'zh-CN': '查看任务操作员', 'en-US': 'View task operators' },
  body: ZEmpty,
  data: ZTaskOperators,
});

export const taskInfo = call({
  method: 'POST',
  path: '/dv/m/task/info',
  access: consoleRead('operate'),
  tag,
  summary: 'One task and its progress',
  label: { 'zh-CN': '查看任务详情', 'en-US': 'View task' },
  body: ZIdRequest,
  data: ZTaskItem,
});

export const taskLogs = call({
  method: 'POST',
  path: '/dv/m/task/logs',
  access: consoleRead('operate'),
  tag,
  summary: "A task's per-device results, or a device's commands, newest first",
  label: { 'zh-CN': '查看任务结果', 'en-US': 'View task results' },
  body: ZCommandListRequest,
  data: ZCommandList,
});

export const taskLogInfo = call({
  method: 'POST',
  path: '/dv/m/task/log/info',
  access: consoleRead('operate'),
  tag,
  summary: "One command's result with the engine's own message and detail",
  label: { 'zh-CN': '查看命令结果', 'en-US': 'View command result' },
  body: ZIdRequest,
  data: ZCommandDetail,
});

export const refreshTask = call({
  method: 'POST',
  path: '/dv/m/task/refresh',
  access: consoleRead('operate'),
  tag,
  summary: "A task's progress counted afresh from its devices' results",
  label: { 'zh-CN': '刷新任务', 'en-US': 'Refresh task' },
  body: ZIdRequest,
  data: ZTaskItem,
});

export const cancelTask = call({
  method: 'POST',
  path: '/dv/m/task/cancel',
  access: consoleWrite('operate'),
  tag,
  summary: 'Cancel what of a task has not started (devices still waiting)',
  label: { 'zh-CN': '取消任务', 'en-US': 'Cancel task' },
  body: ZIdRequest,
  data: ZTaskChanged,
  message: 'modified',
});

export const retryTask = call({
  method: 'POST',
  path: '/dv/m/task/retry',
  access: consoleWrite('operate'),
  tag,
  summary: "Send a task's command again to the devices where it failed or timed out",
  label: { 'zh-CN': '重试失败设备', 'en-US': 'Retry failed devices' },
  body: ZIdRequest,
  data: ZTaskChanged,
  message: 'modified',
});
