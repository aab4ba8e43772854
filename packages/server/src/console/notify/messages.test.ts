import { describe, expect, it } from 'vitest';
import type { TWarnSettings } from '@edp/shared/contracts/notify';
import type { Locale } from '@edp/shared/errors';
import { LOG_VALUE_WORDS } from '@edp/shared/log-words';
import { zhTypesettingFaults } from '@edp/shared/zh-typesetting';
import { composeMessages, SMS_MAX, type WarningLine } from './messages.ts';
import { messagesFor } from './notifier.ts';

const now = new Date('2026-11-26T09:00:00Z');
const line = (o: Partial<WarningLine>): WarningLine => ({
  cause: 'offline',
  subject: 'd1',
  label: 'fin-01',
  detail: { ip: '10.0.0.1', lastSeenAt: '2026-11-26T08:00:00Z' },
  openedAt: '2026-11-26T08:40:00Z',
  reminder: 1,
  ...o,
});

/** The texts people read: each cause in both languages, times in the tenant's zone, SMS bounds. */
describe('warning messages', () => {
  it('tells each cause in zh-CN, with the time in the tenant’s zone and the reminder count', () => {
    const m = composeMessages(
      [
        line({ reminder: 2 }),
        line({
          cause: 'licence',
          subject: 'd2',
          label: 'db-02',
          detail: { ip: '', expiresAt: '2026-12-01T00:00:00Z' },
        }),
        line({ cause: 'taskFailed', label: '升级', detail: { failed: 2, timeout: 1, total: 9 } }),
      ],
      { language: 'zh-CN', timeZone: 'Asia/Shanghai', text: '', tenant: 't' },
      now,
    );
    expect(m.lines).toEqual([
      '设备 fin-01（10.0.0.1）自 2026-11-26 16:00 起离线（第 1 次提醒）',
      '设备 db-02 的许可证将于 2026-12-01 08:00 到期',
      '任务 升级 失败：2 台失败，1 台超时，共 9 台',
    ]);
    expect(m.sms).toBe(
      'EDP 控制台告警：设备 fin-01（10.0.0.1）自 2026-11-26 16:00 起离线（第 1 次提醒），等 3 条告警',
    );
    expect(m.subject).toBe('【EDP 控制台】3 条告警');
    expect(m.ip).toBe('10.0.0.1');
  });

  it('keeps an SMS within its length, and lists the rest in the mail and the webhook', () => {
    const many = Array.from({ length: 250 }, (_, i) =>
      line({
        cause: 'dpi',
        subject: String(i),
        detail: { ip: '10.0.0.1', path: `/${'x'.repeat(400)}`, action: 'altered' },
      }),
    );
    const m = composeMessages(
      many,
      { language: 'en-US', timeZone: 'UTC', text: 'Ops', tenant: 't' },
      now,
    );
    expect(m.sms.length).toBe(SMS_MAX);
    expect(m.sms.startsWith('Ops: DPI alert on device fin-01 (10.0.0.1): /xxx')).toBe(true);
    expect(m.mail.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(200);
    expect(m.mail).toContain('and 50 more warnings, not listed');
    expect(m.webhook('id-1').warnings).toHaveLength(250);
  });
});

/** Issue 35 point 8: a learning-mode request was announced as an elevation. */
describe('review warnings', () => {
  const review = (kind: string) =>
    line({
      cause: 'review',
      label: 'fin-01',
      detail: { kind, askedBy: 'operator', ip: '10.0.0.1' },
    });
  const say = (kind: string, language: 'zh-CN' | 'en-US') =>
    composeMessages([review(kind)], { language, timeZone: 'UTC', text: '', tenant: 't' }, now)
      .lines[0];

  it('names the request’s kind, elevation or learning mode, in both languages', () => {
    expect(say('learning', 'zh-CN')).toBe(
      '设备 fin-01（10.0.0.1）有学习模式申请待审核（申请人 operator）',
    );
    expect(say('elevation', 'zh-CN')).toBe(
      '设备 fin-01（10.0.0.1）有提权申请待审核（申请人 operator）',
    );
    expect(say('learning', 'en-US')).toBe(
      'A learning-mode request of device fin-01 (10.0.0.1) waits for review (asked by operator)',
    );
    expect(say('elevation', 'en-US')).toBe(
      'An elevation request of device fin-01 (10.0.0.1) waits for review (asked by operator)',
    );
  });
});

/**
 * Issue 35 point 10: English inside Chinese. A DPI warning said "（altered）" in a zh-CN SMS, and
 * the delivery log joined warnings with "; " and ended with "(+6)". Every piece of a message and
 * of its delivery log line is now the tenant's language: each kind of warning is built in both
 * languages through the notifier's own `messagesFor`, and the zh-CN texts keep the zh-CN
 * typesetting rule with no English word and no ASCII punctuation left once the data (names,
 * addresses, paths, accounts, times) is taken out.
 */
describe('every warning text in the tenant’s language', () => {
  const data = { label: 'web-01', ip: '10.0.0.1', path: '/srv/app/config.yml', who: 'operator' };
  const settings = (language: Locale): TWarnSettings => ({
    enabled: true,
    maxReminders: 3,
    intervalMinutes: 10,
    language,
    timeZone: 'Asia/Shanghai',
    text: '',
    causes: ['dpi', 'taskFailed', 'review', 'licence', 'offline'],
    offlineMinutes: 30,
    channels: ['sms', 'email', 'webhook'],
    phones: ['13800138000'],
    emails: ['oncall@example.com'],
    webhookUrl: 'https://hooks.example.com/edp',
    webhookSecret: '',
  });
  const dev = (o: Partial<WarningLine> & { detail?: Record<string, unknown> }) =>
    line({ label: data.label, ...o, detail: { ip: data.ip, ...o.detail } });
  /** Each kind of warning, with and without an address, and as a reminder. */
  const kinds: WarningLine[] = [
    dev({ cause: 'offline', detail: { lastSeenAt: '2026-11-26T08:00:00Z' } }),
    dev({ cause: 'offline', detail: { ip: '', lastSeenAt: '2026-11-26T08:00:00Z' } }),
    dev({ cause: 'licence', detail: { expiresAt: '2026-12-01T00:00:00Z' } }),
    dev({ cause: 'licence', detail: { ip: '', expiresAt: '2026-11-01T00:00:00Z' } }),
    ...Object.keys(LOG_VALUE_WORDS.action).map((action) =>
      dev({ cause: 'dpi', detail: { path: data.path, action } }),
    ),
    dev({ cause: 'dpi', detail: { ip: '', path: data.path, action: 'added' }, reminder: 3 }),
    line({
      cause: 'taskFailed',
      label: data.label,
      detail: { failed: 2, timeout: 1, total: 9 },
      reminder: 2,
    }),
    dev({ cause: 'review', detail: { kind: 'elevation', askedBy: data.who } }),
    dev({ cause: 'review', detail: { kind: 'learning', askedBy: data.who, ip: '' } }),
    ...['share', 'escrowKey', 'device', 'windowKey'].map((kind) =>
      line({ cause: 'keyIncident', label: data.label, detail: { kind } }),
    ),
    line({ cause: 'test', label: '', detail: {} }),
  ];
  /** What people read of one batch: the SMS, the mail, the webhook's text, the delivery log. */
  const texts = (language: Locale, lines: WarningLine[]) =>
    messagesFor('t', settings(language), lines, now).flatMap((d) => {
      const body = JSON.parse(d.body) as { content?: string; subject?: string; text: string };
      return [d.summary, ...[body.content, body.subject, body.text].filter((t) => t !== undefined)];
    });
  /** Every text of each kind alone, and of all of them in one batch (the "more" words). */
  const all = (language: Locale) => [
    ...kinds.flatMap((k) => texts(language, [k])),
    ...texts(language, kinds),
  ];
  /** A text with the data taken out: what is left is the console's own words. */
  const words = (text: string) =>
    [data.path, data.ip, data.label, data.who]
      .reduce((t, value) => t.replaceAll(value, ''), text)
      .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/g, '')
      // The mail's list: a plain-text list marker at a line's start, not punctuation.
      .replace(/^- /gm, '');

  it('keeps the zh-CN typesetting rule, with no English word or ASCII punctuation in zh-CN', () => {
    const zh = all('zh-CN');
    expect(zh.length).toBeGreaterThan(100);
    const faults = zh
      .map((text) => [text, zhTypesettingFaults(text).join(', ')])
      .filter(([, f]) => f);
    expect(faults).toEqual([]);
    // Names of things that are names in Chinese too: the product, DPI.
    const english = zh.filter((t) => /[A-Za-z]{2,}/.test(words(t).replace(/\b(EDP|DPI)\b/g, '')));
    expect(english).toEqual([]);
    const ascii = zh.filter((t) => /[;:,()!?"+]/.test(words(t)));
    expect(ascii).toEqual([]);
  });

  it('has no Chinese in en-US', () => {
    const chinese = all('en-US').filter((t) => /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/.test(t));
    expect(chinese).toEqual([]);
  });

  it('tells a DPI change and the delivery log’s summary in the tenant’s words', () => {
    const dpi = (action: string) => dev({ cause: 'dpi', detail: { path: data.path, action } });
    const seven = ['altered', 'added', 'deleted', 'altered', 'added', 'deleted', 'altered'].map(
      dpi,
    );
    const [zh] = messagesFor('t', settings('zh-CN'), seven, now);
    const [en] = messagesFor('t', settings('en-US'), seven, now);
    expect((JSON.parse(zh!.body) as { content: string }).content).toBe(
      'EDP 控制台告警：设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（被篡改），等 7 条告警',
    );
    expect((JSON.parse(en!.body) as { content: string }).content).toBe(
      'EDP Console warning: DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (altered), and 6 more warnings',
    );
    expect(zh!.summary).toBe(
      [
        '设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（被篡改）',
        '设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（新增）',
        '设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（被删除）',
        '设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（被篡改）',
        '设备 web-01（10.0.0.1）的 DPI 告警：/srv/app/config.yml（新增）',
      ].join('；') + '（另有 2 条）',
    );
    expect(en!.summary).toBe(
      [
        'DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (altered)',
        'DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (added)',
        'DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (deleted)',
        'DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (altered)',
        'DPI alert on device web-01 (10.0.0.1): /srv/app/config.yml (added)',
      ].join('; ') + ' (and 2 more)',
    );
  });
});
