import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { formatTime } from '../../../lib/format.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import AdminDeviceDetailPage from './admin-device-detail-page.tsx';

const UNTIL = '2026-11-30T08:00:00.000Z';
const device: TDeviceDetail = {
  id: DEVICE_ID,
  name: 'srv-01',
  number: '',
  ip: '10.0.0.1',
  systemType: 'Debian 12',
  kind: 'TDE',
  type: -1,
  version: '1.0.0',
  status: 'running',
  presence: 'offline',
  install: 'installed',
  activation: 'inactive',
  groupId: '00000000-0000-4000-8000-00000000000a',
  groupName: 'Beijing',
  licenceExpiresAt: null,
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  remark: '',
  kernel: '6.1',
  port: null,
  collectorIp: null,
  qid: '',
  fingerprint: 'ab'.repeat(32),
  detection: 'ok',
  protected: [],
  licence: null,
  enrolledAt: '2026-11-01T08:00:00.000Z',
  stateChangedAt: null,
  deprecatedAt: null,
  interval: 30,
  engineKey: true,
  reenrolUntil: null,
  uptime: [],
};

/**
 * Issue 34: the device's page lets an operator allow one re-enrolment of a re-imaged machine,
 * after a confirmation that says what it hands over, in both languages; then shows until when.
 */
describe("a device's re-enrolment allowance", () => {
  let calls: { url: string; body: unknown }[];
  let allowed: boolean;

  beforeEach(() => {
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    allowed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        if (url === '/api/dv/m/info')
          return ok({ ...device, reenrolUntil: allowed ? UNTIL : null });
        if (url === '/api/dv/m/reenrol/allow') {
          allowed = true;
          return ok({ until: UNTIL });
        }
        if (url === '/api/dv/m/activity') return ok({ items: [], next: null });
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderPage = () => {
    const router = createMemoryRouter(
      [{ path: '/admin/devices/:id', element: <AdminDeviceDetailPage /> }],
      { initialEntries: [`/admin/devices/${DEVICE_ID}`] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  };

  it('asks first, allows it for the device, and shows until when', async () => {
    await changeLanguage('en-US');
    renderPage();
    expect(await screen.findByText('Held: re-enrolment needs its key')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Allow re-enrolment/ }));
    const dialog = await dialogWith('Allow re-enrolment of "srv-01"?');
    expect(dialog).toHaveTextContent(/For 24 hours, the next engine that enrols/);
    // Cancelled: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url === '/api/dv/m/reenrol/allow')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: /Allow re-enrolment/ }));
    // antd keeps the cancelled dialog in the page while it fades: the newest one is open.
    await waitFor(() => expect(screen.getAllByRole('dialog').length).toBeGreaterThan(1));
    const buttons = screen.getAllByRole('button', { name: 'Allow for 24 hours' });
    await userEvent.click(buttons.at(-1)!);
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/dv/m/reenrol/allow').map((c) => c.body)).toEqual([
        { id: DEVICE_ID },
      ]),
    );
    expect(
      await screen.findByText(`Re-enrolment allowed until ${formatTime(UNTIL)}`),
    ).toBeInTheDocument();
    expect(await screen.findByText('Re-enrolment allowed until')).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /允许重新注册/ }));
    const dialog = await dialogWith('允许“srv-01”重新注册？');
    expect(dialog).toHaveTextContent(/24 小时内/);
    expect(within(dialog).getByRole('button', { name: '允许 24 小时' })).toBeInTheDocument();
  });
});
