import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { TDeviceActivityItem } from '@edp/shared/contracts/devices';
import type { TCommandItem } from '@edp/shared/contracts/tasks';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import '../lib/device-locales.ts';
import { DeviceTimeline } from './device-timeline.tsx';

const UNTIL = '2026-11-24T10:00:00.000Z';
const EXPIRES = '2027-11-24T00:00:00.000Z';
const window = { request: 'r1', kind: 'elevation' as const };
let id = 0;
const entry = (
  kind: TDeviceActivityItem['kind'],
  detail: TDeviceActivityItem['detail'],
  account: string | null = 'operator',
): TDeviceActivityItem => ({
  id: String(++id),
  at: '2026-11-24T08:00:00.000Z',
  kind,
  account,
  detail,
});
const command = {
  type: 'tde.encrypt',
  state: 'finished' as const,
  code: 0,
  target: '/srv/ledger',
  taskId: 't1',
};

/** Issue 35, point 6: what was done to a device, in the timeline, in both languages. */
const items: TDeviceActivityItem[] = [
  // Asked, and nobody reviewed it in time.
  entry('window', { window: { ...window, kind: 'learning', step: 'expired' } }, null),
  entry('window', { window: { ...window, step: 'ended' } }, null),
  entry('window', { window: { ...window, step: 'started', until: UNTIL } }, null),
  entry('window', { window: { ...window, step: 'approved', until: UNTIL } }, 'auditor'),
  entry('window', { window: { ...window, kind: 'learning', step: 'asked', seconds: 5400 } }),
  entry('licence', {
    licence: { serial: 1, expiresAt: EXPIRES, code: 'EDP-1' },
    previous: null,
  }),
  entry('command', {
    command: { ...command, type: 'tde.decrypt', state: 'failed', code: -18, reason: 'REASON' },
  }),
  entry('command', { command }),
  entry('command', {
    command: { ...command, type: 'engine.upgrade', state: 'timeout', code: null, target: '1.2.0' },
  }),
];

describe("a device's timeline of what was done to it", () => {
  beforeEach(() => {
    signInAdmin('token', operator as unknown as AdminSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/dv/m/activity') return ok({ items, next: null });
        if (url === '/api/dv/m/task/logs') return ok({ list: [], total: 0, page: 1, pageSize: 50 });
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderTimeline = () =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DeviceTimeline
          device={{ id: DEVICE_ID, status: 'running', presence: 'online', lastSeenAt: null }}
        />
      </AppProviders>,
    );

  it('says each in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderTimeline();
    const until = formatTime(UNTIL);
    for (const text of [
      '学习模式申请已过期，无人审核',
      '提权窗口已结束',
      `提权窗口已在设备上开启，至 ${until}`,
      `提权申请已通过，有效至 ${until}`,
      '申请学习模式，时长 1 小时 30 分',
      `安装授权（序列号 1），有效期至 ${formatDate(EXPIRES)}`,
      '解密目录失败：/srv/ledger（REASON）',
      '加密目录已完成：/srv/ledger',
      '升级引擎超时，设备未应答：1.2.0',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('操作者：auditor')).toBeInTheDocument();
  });

  it('says each in English', async () => {
    await changeLanguage('en-US');
    renderTimeline();
    const until = formatTime(UNTIL);
    for (const text of [
      'Learning mode request expired without review',
      'Elevation window ended',
      `Elevation window opened on the device, until ${until}`,
      `Elevation approved, until ${until}`,
      'Learning mode requested for 1 h 30 min',
      `License 1 installed, valid until ${formatDate(EXPIRES)}`,
      'Decrypt folder failed: /srv/ledger (REASON)',
      'Encrypt folder finished: /srv/ledger',
      'Upgrade engine timed out, the device did not answer: 1.2.0',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
  });

  /**
   * Issue 35: an open timeline was not read again when a task of its device ended. It follows
   * the device's commands as the other tabs read them (every few seconds while one is open):
   * when one ends, the timeline reads again and shows its result.
   */
  it('reads again when a command of the device ends', async () => {
    await changeLanguage('en-US');
    const running: TCommandItem = {
      id: 'c1',
      taskId: 't1',
      taskName: null,
      deviceId: DEVICE_ID,
      deviceName: 'web-01',
      type: 'se.protect',
      args: { path: '/srv/share' },
      state: 'processing',
      code: null,
      message: null,
      attempt: 1,
      operator: 'operator',
      createdAt: '2026-11-24T08:00:00.000Z',
      deliveredAt: '2026-11-24T08:00:01.000Z',
      finishedAt: null,
      deadline: '2026-11-25T08:00:00.000Z',
    };
    let done = false;
    const result = entry('command', {
      command: { ...command, type: 'se.protect', target: '/srv/share' },
    });
    const calls = { activity: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/dv/m/activity') {
          calls.activity++;
          return ok({ items: done ? [result, ...items] : items, next: null });
        }
        if (url === '/api/dv/m/task/logs') {
          const c = done ? { ...running, state: 'finished', code: 0 } : running;
          return ok({ list: [c], total: 1, page: 1, pageSize: 50 });
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
    renderTimeline();
    expect(await screen.findByText('Elevation window ended')).toBeInTheDocument();
    expect(screen.queryByText('Write-protect folder finished: /srv/share')).toBeNull();
    const before = calls.activity;
    // The engine answers; the command list's next read (3 s while one is open) sees it ended.
    done = true;
    expect(
      await screen.findByText('Write-protect folder finished: /srv/share', {}, { timeout: 6_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls.activity).toBe(before + 1));
  }, 10_000);
});
