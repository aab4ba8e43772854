import { describe, expect, it } from 'vitest';
import { composeMessages, SMS_MAX, type WarningLine } from './messages.ts';

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
      '设备 fin-01（10.0.0.1）自 2026-11-26 16:00 起离线（第 2 次提醒）',
      '设备 db-02的许可证将于 2026-12-01 08:00 到期',
      '任务 升级 失败：2 台失败，1 台超时，共 9 台',
    ]);
    expect(m.sms).toBe(
      'EDP 控制台告警：设备 fin-01（10.0.0.1）自 2026-11-26 16:00 起离线（第 2 次提醒），等 3 条告警',
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
