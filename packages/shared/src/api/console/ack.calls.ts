import { COMMAND_ANSWERS } from '../../contracts/commands.ts';
import {
  ZAckAdjust,
  ZAckAsk,
  ZAckCheck,
  ZAckId,
  ZAckItem,
  ZAckMineRequest,
  ZAckPage,
  ZAckReviewRequest,
  ZAckSettings,
  ZLearnedAuthorise,
} from '../../contracts/elevation.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { ZCreated } from '../../contracts/user.ts';
import { ZSyncDevice } from '../../contracts/tasks.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * Elevation and learning mode under review (SPEC §4, §6, §7 `ack`; docs/elevation.md).
 * `/ack/m/*` is the asker's: the security operator (`operate`) asks and sees their own requests.
 * `/ack/s/*` is the reviewer's: the auditor (`audit`), whose duty SPEC §2 puts "elevation review,
 * learning-mode review" under; who operates does not approve (separation of duties), and nobody
 * reviews their own request, by proxy included. The running window's calls (`adjust`, `offLm`)
 * and learning mode's results are synchronous commands to the engine, the asker's.
 */
const tag = 'ack';

export const askElevation = call({
  method: 'POST',
  path: '/ack/m/ele',
  access: consoleWrite('operate'),
  tag,
  summary: 'Ask for an elevation window on one device (pending review)',
  label: { 'zh-CN': '申请提权', 'en-US': 'Ask for elevation' },
  body: ZAckAsk,
  data: ZCreated,
  message: 'created',
});

export const askLearning = call({
  method: 'POST',
  path: '/ack/m/lm',
  access: consoleWrite('operate'),
  tag,
  summary: 'Ask for learning mode on one device for a window (pending review)',
  label: { 'zh-CN': '申请学习模式', 'en-US': 'Ask for learning mode' },
  body: ZAckAsk,
  data: ZCreated,
  message: 'created',
});

export const withdrawAck = call({
  method: 'POST',
  path: '/ack/m/withdraw',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Withdraw a pending request before review (the asker, or anyone who may ask for its device)',
  label: { 'zh-CN': '撤回申请', 'en-US': 'Withdraw request' },
  body: ZAckId,
  data: ZAckItem,
  message: 'ok',
});

export const myAckList = call({
  method: 'POST',
  path: '/ack/m/list',
  access: consoleRead('operate'),
  tag,
  summary: "The caller's own elevation and learning-mode requests, newest first (keyset pages)",
  label: { 'zh-CN': '查看我的申请', 'en-US': 'View my requests' },
  body: ZAckMineRequest,
  data: ZAckPage,
});

export const ackReviewList = call({
  method: 'POST',
  path: '/ack/s/check/list',
  access: consoleRead('audit'),
  tag,
  summary: 'The review list: requests by state, kind, device and time asked (keyset pages)',
  label: { 'zh-CN': '查看审核列表', 'en-US': 'View review list' },
  body: ZAckReviewRequest,
  data: ZAckPage,
});

export const ackInfo = call({
  method: 'POST',
  path: '/ack/s/info',
  access: consoleRead('audit'),
  tag,
  summary: 'One request with its review and window',
  label: { 'zh-CN': '查看申请详情', 'en-US': 'View request' },
  body: ZAckId,
  data: ZAckItem,
});

export const ackCheck = call({
  method: 'POST',
  path: '/ack/s/check',
  access: consoleWrite('audit'),
  tag,
  summary: 'Approve (pass) or dismiss a pending request, with a reason',
  label: { 'zh-CN': '审核申请', 'en-US': 'Review request' },
  body: ZAckCheck,
  data: ZAckItem,
  message: 'ok',
});

export const ackGetSettings = call({
  method: 'POST',
  path: '/ack/s/get-set',
  access: consoleRead('audit'),
  tag,
  summary: 'The review settings: the longest window, how long a request waits for review',
  label: { 'zh-CN': '查看审核设置', 'en-US': 'View review settings' },
  body: ZEmpty,
  data: ZAckSettings,
});

export const ackSetSettings = call({
  method: 'POST',
  path: '/ack/s/set',
  access: consoleWrite('audit'),
  tag,
  summary: 'Change the review settings',
  label: { 'zh-CN': '修改审核设置', 'en-US': 'Change review settings' },
  body: ZAckSettings,
  data: ZAckSettings,
  message: 'modified',
});

export const adjustWindow = call({
  method: 'POST',
  path: '/sync/m/adjust',
  access: consoleWrite('operate'),
  tag: 'sync',
  summary:
    'Change a running window on its engine: its new length from now, never past what was approved (0 ends it)',
  label: { 'zh-CN': '调整提权时间', 'en-US': 'Adjust window' },
  body: ZAckAdjust,
  data: ZAckItem,
  message: 'modified',
});

export const endLearning = call({
  method: 'POST',
  path: '/sync/m/offLm',
  access: consoleWrite('operate'),
  tag: 'sync',
  summary: 'End learning mode on its engine before its window closes',
  label: { 'zh-CN': '关闭学习模式', 'en-US': 'End learning mode' },
  body: ZAckId,
  data: ZAckItem,
  message: 'ok',
});

export const learnedPrograms = call({
  method: 'POST',
  path: '/sync/m/lm/list',
  access: consoleWrite('operate'),
  tag: 'sync',
  summary: 'The programs learning mode recorded touching protected folders',
  label: { 'zh-CN': '查看学习结果', 'en-US': 'View learned programs' },
  body: ZSyncDevice,
  data: COMMAND_ANSWERS['learning.list'],
});

export const authoriseLearned = call({
  method: 'POST',
  path: '/sync/m/lm/authorise',
  access: consoleWrite('operate'),
  tag: 'sync',
  summary:
    'Authorise programs learning mode recorded, in one step (each with its recorded SHA-256)',
  label: { 'zh-CN': '授权学习到的程序', 'en-US': 'Authorise learned programs' },
  body: ZLearnedAuthorise,
  data: COMMAND_ANSWERS['learning.authorise'],
  message: 'created',
});
