import {
  ZCheckInAnswer,
  ZCheckInRequest,
  ZEnrolAnswer,
  ZEnrolRequest,
  ZEngineEventsQuery,
  ZEngineFile,
  ZResultsAnswer,
  ZEscrowRequest,
  ZEscrowAnswer,
  ZResultsRequest,
} from '../../contracts/agent.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { LOG_BATCH_MAX, ZLogBatch, ZLogBatchAnswer } from '../../contracts/logs.ts';
import { call, publicAccess } from '../define.ts';

/** The engine protocol under /agent (docs/engines.md). */
const tag = 'agent';

export const enrol = call({
  method: 'POST',
  path: '/agent/enrol',
  // The secret is the credential (192 random bits); engines hold no session.
  access: publicAccess,
  tag,
  summary: 'Enrol an engine with its group enrolment secret; answers its device id and token',
  label: { 'zh-CN': '引擎注册', 'en-US': 'Engine enrolment' },
  body: ZEnrolRequest,
  data: ZEnrolAnswer,
  // A whole site enrolling behind one address must not be refused, and guessing a 192-bit
  // secret is hopeless: no per-address limit.
  rateLimit: 'none',
});

export const checkIn = call({
  method: 'POST',
  path: '/agent/checkin',
  access: { who: 'engine' },
  tag,
  summary: "An engine's periodic check-in with its state; answers the next interval and commands",
  label: { 'zh-CN': '引擎签到', 'en-US': 'Engine check-in' },
  body: ZCheckInRequest,
  data: ZCheckInAnswer,
  // Counted per device by the engine guard instead (docs/engines.md "Limits").
  rateLimit: 'none',
});

export const sendResults = call({
  method: 'POST',
  path: '/agent/results',
  access: { who: 'engine' },
  tag,
  summary: 'Command results at once, between check-ins; answers the ids the console now holds',
  label: { 'zh-CN': '引擎上报命令结果', 'en-US': 'Engine command results' },
  body: ZResultsRequest,
  data: ZResultsAnswer,
  // Not under the check-in spacing: an engine reports each result as it finishes.
  rateLimit: 'none',
});

export const engineEvents = call({
  method: 'GET',
  path: '/agent/events',
  access: { who: 'engine' },
  tag,
  summary:
    'The push stream (text/event-stream): `event: commands` carries the open commands of an engine that asked for them (`?commands=1`), `event: checkin` asks any other to check in now; comments keep it open',
  label: { 'zh-CN': '引擎推送通道', 'en-US': 'Engine push stream' },
  query: ZEngineEventsQuery,
  // Not the envelope: a stream of server-sent events that stays open (docs/commands.md).
  file: true,
  rateLimit: 'none',
});

export const engineFile = call({
  method: 'GET',
  path: '/agent/engine',
  // Fetched by the enrolment commands on a bare server, which holds no console session; the
  // file holds nothing secret (the group's secret is given to it on the command line).
  access: publicAccess,
  tag,
  summary:
    'Download the reference engine: one JavaScript file for Node 20 (X-Content-SHA256 is its SHA-256)',
  label: { 'zh-CN': '下载引擎', 'en-US': 'Download engine' },
  file: true,
});

export const engineFileInfo = call({
  method: 'POST',
  path: '/agent/engine/info',
  access: publicAccess,
  tag,
  summary: "The served engine file's name, size, SHA-256 and build time",
  label: { 'zh-CN': '查看引擎文件', 'en-US': 'View engine file' },
  body: ZEmpty,
  data: ZEngineFile,
});

export const sendLogs = call({
  method: 'POST',
  path: '/agent/logs',
  access: { who: 'engine' },
  tag,
  summary: `What the engine saw, in batches of up to ${LOG_BATCH_MAX} numbered events: access decisions, DPI integrity changes, TDE state changes; answers the highest number held`,
  label: { 'zh-CN': '引擎上报日志', 'en-US': 'Engine log events' },
  body: ZLogBatch,
  data: ZLogBatchAnswer,
  // An engine sends its next batch when this one is answered, as results are.
  rateLimit: 'none',
  // 500 events with a path and a program of 1,024 characters each and a user of 128 fit.
  bodyLimit: 2 * 1024 * 1024,
});

export const escrowKeys = call({
  method: 'POST',
  path: '/agent/keys',
  access: { who: 'engine' },
  tag,
  summary:
    "Data keys wrapped to the tenant's escrow public key (age files, never a key in clear); answers the ids the console now holds",
  label: { 'zh-CN': '引擎托管数据密钥', 'en-US': 'Engine key escrow' },
  body: ZEscrowRequest,
  data: ZEscrowAnswer,
  // Once per key and escrow key: after a check-in that carried the escrow key.
  rateLimit: 'none',
});
