import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TDeviceActivityItem } from '@edp/shared/contracts/devices';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { DEVICE_ID, ok, operator } from '../test/task-fixtures.ts';
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
      'Elevation window ended',
      `Elevation window opened on the device, until ${until}`,
      `Elevation approved, until ${until}`,
      'Learning mode requested for 1 h 30 min',
      `Licence 1 installed, valid until ${formatDate(EXPIRES)}`,
      'Decrypt folder failed: /srv/ledger (REASON)',
      'Encrypt folder finished: /srv/ledger',
      'Upgrade engine timed out, the device did not answer: 1.2.0',
    ])
      expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
