import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import type { TAckItem } from '@edp/shared/contracts/elevation';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { dialogWith } from '../../../test/dialogs.ts';
import { DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import { WindowTab } from './window-tab.tsx';

const REQUEST_ID = '00000000-0000-4000-8000-000000000101';
const device = { id: DEVICE_ID, name: 'srv-01', status: 'running' } as TDeviceDetail;
const pending: TAckItem = {
  id: REQUEST_ID,
  kind: 'learning',
  state: 'pending',
  phase: 'pending',
  deviceId: DEVICE_ID,
  deviceName: 'srv-01',
  reason: 'new ERP release',
  windowS: 3600,
  askedBy: { id: operator.id, account: 'operator' },
  askedAt: '2026-11-27T08:00:00.000Z',
  expiresAt: '2026-11-30T08:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  withdrawnBy: null,
  review: { may: false, bar: 'own' },
  validFrom: null,
  validUntil: null,
  endedAt: null,
  delivery: null,
};

/**
 * Issue 35 point 2: the asker withdraws a pending request from the device's tab, after a
 * confirmation; cancelling sends nothing.
 */
describe('withdrawing a pending request', () => {
  let calls: { url: string; body: Record<string, unknown> }[];
  let withdrawn: boolean;

  beforeEach(async () => {
    await changeLanguage('zh-CN');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    withdrawn = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ url, body });
        const item = withdrawn
          ? { ...pending, state: 'rejected', phase: 'withdrawn', endedAt: pending.askedAt }
          : pending;
        if (url === '/api/ack/m/withdraw') {
          withdrawn = true;
          return ok({ ...pending, state: 'rejected', phase: 'withdrawn' });
        }
        if (url === '/api/ack/m/list') return ok({ list: [item], next: null });
        return ok({});
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks first, then withdraws, and the row reads withdrawn', async () => {
    const user = userEvent.setup();
    renderWithApp(<WindowTab device={device} kind="learning" />);
    const button = await screen.findByRole('button', { name: '撤回 srv-01 上的申请' });
    await user.click(button);
    const cancel = await dialogWith('撤回此申请？');
    await user.click(within(cancel).getByRole('button', { name: /取\s?消/ }));
    expect(calls.some((c) => c.url === '/api/ack/m/withdraw')).toBe(false);

    const asking = () =>
      screen.getAllByRole('dialog').filter((d) => d.textContent?.includes('撤回此申请'));
    const before = asking().length;
    await user.click(button);
    // antd may keep the cancelled confirmation in the page: the new one is the last.
    const confirm = await waitFor(() => {
      const open = asking();
      expect(open.length).toBeGreaterThan(before);
      return open[open.length - 1]!;
    });
    await user.click(within(confirm).getByRole('button', { name: '撤回申请' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/ack/m/withdraw')?.body).toEqual({
        id: REQUEST_ID,
      }),
    );
    expect(await screen.findByText('已撤回')).toBeVisible();
    expect(screen.queryByRole('button', { name: '撤回 srv-01 上的申请' })).toBeNull();
  });
});
