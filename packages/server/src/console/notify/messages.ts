import type { Locale } from '@edp/shared/errors';
import type { TWarningCause, TWebhookBody } from '@edp/shared/contracts/notify';
import { logWord } from '@edp/shared/log-words';
import { zonedTime } from '../../platform/export/index.ts';

/** One warning as a message tells it. */
export interface WarningLine {
  cause: TWarningCause | 'test';
  subject: string;
  label: string;
  detail: Record<string, unknown>;
  openedAt: string;
  /** 1 for the first message, 2 for the first reminder, … */
  reminder: number;
}

/** An SMS holds about this many characters before a gateway splits or refuses it. */
export const SMS_MAX = 300;
/** Lines an e-mail lists; the rest are counted. */
const MAIL_LINES = 200;
/** Lines the delivery log's summary tells; the rest are counted. */
const SUMMARY_LINES = 5;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

type Words = {
  line: Record<TWarningCause | 'test', (w: WarningLine, time: (iso: string) => string) => string>;
  reminder: (n: number) => string;
  more: (n: number) => string;
  /** The mail's last line: how many it did not list. */
  rest: (n: number) => string;
  subject: (n: number) => string;
  header: string;
  /** Between the lead and the first warning, and before "and N more". */
  colon: string;
  comma: string;
  /** Between two warnings of the delivery log's summary. */
  semicolon: string;
  /** The summary's end: how many warnings it did not tell. */
  others: (n: number) => string;
};

/**
 * A review warning's kind is the request's own (ack_requests.kind: `elevation` or `learning`, as
 * the warning repository copies it); a learning-mode request must never read as an elevation.
 */
const learning = (w: WarningLine) => w.detail.kind === 'learning';

const ip = (w: WarningLine, open: string, close: string) =>
  str(w.detail.ip) ? `${open}${str(w.detail.ip)}${close}` : '';

/**
 * A device named in zh-CN: its name, then its address in full-width brackets, or a space before
 * the Chinese that follows a Latin name (the zh-CN typesetting rule, @edp/shared/zh-typesetting).
 */
const zhDevice = (w: WarningLine) => `设备 ${w.label}${ip(w, '（', '）') || ' '}`;

/**
 * What the engine saw happen to a DPI file (`altered`, `added`, `deleted`, …) in the message's
 * language, as the alerts page says it; an action the words do not know is told as it came.
 */
const action = (w: WarningLine, language: Locale) => {
  const raw = str(w.detail.action);
  const word = logWord('action', raw, language);
  return language === 'en-US' && word !== raw ? word.toLowerCase() : word;
};

/** A key incident's kind (INCIDENT_KINDS) and what it is about (a holder's account, a device). */
function zhIncident(w: WarningLine) {
  switch (str(w.detail.kind)) {
    case 'share':
      return `持有人 ${w.label} 的分片丢失或泄露`;
    case 'escrowKey':
      return '托管密钥泄露';
    case 'device':
      return `设备 ${w.label} 被入侵`;
    default:
      return '窗口签名密钥泄露';
  }
}
function enIncident(w: WarningLine) {
  switch (str(w.detail.kind)) {
    case 'share':
      return `the share of ${w.label} lost or exposed`;
    case 'escrowKey':
      return 'the escrow key exposed';
    case 'device':
      return `device ${w.label} compromised`;
    default:
      return 'the window-signing key exposed';
  }
}

const WORDS: Record<Locale, Words> = {
  'zh-CN': {
    line: {
      licence: (w, t) =>
        `${zhDevice(w)}的许可证${
          Date.parse(str(w.detail.expiresAt)) < Date.parse(w.openedAt) ? '已于' : '将于'
        } ${t(str(w.detail.expiresAt))} 到期`,
      offline: (w, t) => `${zhDevice(w)}自 ${t(str(w.detail.lastSeenAt))} 起离线`,
      dpi: (w) => `${zhDevice(w)}的 DPI 告警：${str(w.detail.path)}（${action(w, 'zh-CN')}）`,
      taskFailed: (w) =>
        `任务 ${w.label} 失败：${str(w.detail.failed)} 台失败，${str(w.detail.timeout)} 台超时，共 ${str(w.detail.total)} 台`,
      review: (w) =>
        `${zhDevice(w)}有${learning(w) ? '学习模式' : '提权'}申请待审核（申请人 ${str(w.detail.askedBy)}）`,
      keyIncident: (w) => `已登记密钥事件：${zhIncident(w)}，请密钥管理员处置`,
      test: () => '这是一条测试告警，收到即表示告警配置可用',
    },
    // `n` counts the messages: the second is the first reminder.
    reminder: (n) => `（第 ${n - 1} 次提醒）`,
    more: (n) => `等 ${n} 条告警`,
    rest: (n) => `另有 ${n} 条告警未列出`,
    subject: (n) => `【EDP 控制台】${n} 条告警`,
    header: 'EDP 控制台告警',
    colon: '：',
    comma: '，',
    semicolon: '；',
    others: (n) => `（另有 ${n} 条）`,
  },
  'en-US': {
    line: {
      licence: (w, t) =>
        `The license of device ${w.label}${ip(w, ' (', ')')} ${
          Date.parse(str(w.detail.expiresAt)) < Date.parse(w.openedAt) ? 'ended' : 'ends'
        } on ${t(str(w.detail.expiresAt))}`,
      offline: (w, t) =>
        `Device ${w.label}${ip(w, ' (', ')')} has been offline since ${t(str(w.detail.lastSeenAt))}`,
      dpi: (w) =>
        `DPI alert on device ${w.label}${ip(w, ' (', ')')}: ${str(w.detail.path)} (${action(w, 'en-US')})`,
      taskFailed: (w) =>
        `Task ${w.label} failed: ${str(w.detail.failed)} failed and ${str(w.detail.timeout)} timed out of ${str(w.detail.total)} devices`,
      review: (w) =>
        `A${learning(w) ? ' learning-mode' : 'n elevation'} request of device ${w.label}${ip(w, ' (', ')')} waits for review (asked by ${str(w.detail.askedBy)})`,
      keyIncident: (w) => `Key incident declared: ${enIncident(w)}; key managers, act on it`,
      test: () => 'This is a test warning: the warning settings work',
    },
    reminder: (n) => ` (reminder ${n - 1})`,
    more: (n) => `and ${n - 1} more warning${n === 2 ? '' : 's'}`,
    rest: (n) => `and ${n} more warning${n === 1 ? '' : 's'}, not listed`,
    subject: (n) => `[EDP Console] ${n} warning${n === 1 ? '' : 's'}`,
    header: 'EDP Console warning',
    colon: ': ',
    comma: ', ',
    semicolon: '; ',
    others: (n) => ` (and ${n} more)`,
  },
};

/** The messages of one tenant's due warnings, in its language and time zone. */
export function composeMessages(
  warnings: readonly WarningLine[],
  opts: { language: Locale; timeZone: string; text: string; tenant: string; deliveryId?: string },
  now: Date,
) {
  const words = WORDS[opts.language];
  const zoned = zonedTime(opts.timeZone);
  const time = (iso: string) => (iso ? zoned(new Date(iso)).slice(0, 16) : '—');
  const lines = warnings.map(
    (w) => words.line[w.cause](w, time) + (w.reminder > 1 ? words.reminder(w.reminder) : ''),
  );
  const lead = opts.text || words.header;
  const first = lines[0] ?? '';
  const more = lines.length > 1 ? `${words.comma}${words.more(lines.length)}` : '';
  const smsText = `${lead}${words.colon}${first}${more}`;
  const listed = lines.slice(0, MAIL_LINES);
  const mail = [
    lead,
    '',
    ...listed.map((l) => `- ${l}`),
    ...(lines.length > MAIL_LINES ? ['', words.rest(lines.length - MAIL_LINES)] : []),
  ].join('\n');
  // A chat bot shows only the text: it tells the warnings themselves (one as the SMS does,
  // several as the mail lists them), never the reminder content alone.
  const hookText = lines.length > 1 ? mail : smsText;
  // The delivery log's line: what the message told, in the same words.
  const summary =
    lines.slice(0, SUMMARY_LINES).join(words.semicolon) +
    (lines.length > SUMMARY_LINES ? words.others(lines.length - SUMMARY_LINES) : '');
  const webhook = (id: string): TWebhookBody => ({
    id,
    tenant: opts.tenant,
    sentAt: now.toISOString(),
    text: hookText,
    warnings: warnings.map((w) => ({
      cause: w.cause,
      subject: w.subject,
      label: w.label,
      openedAt: w.openedAt,
      reminder: w.reminder,
      detail: w.detail,
    })),
  });
  return {
    sms: smsText.length > SMS_MAX ? `${smsText.slice(0, SMS_MAX - 1)}…` : smsText,
    /** What the SMS's #ip# holds: the first warning's device address. */
    ip: str(warnings[0]?.detail.ip),
    subject: words.subject(lines.length),
    mail,
    lines,
    /** The delivery log's summary: the first few warnings, and how many more. */
    summary,
    webhook,
  };
}
