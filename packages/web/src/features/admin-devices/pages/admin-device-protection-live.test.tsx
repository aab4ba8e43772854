import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { command, DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import AdminDeviceDetailPage from './admin-device-detail-page.tsx';

type Body = Record<string, unknown>;

const device: TDeviceDetail = {
  id: DEVICE_ID,
  name: 'srv-01',
  number: '',
  ip: '10.0.0.1',
  systemType: 'Debian 12',
  kind: 'TDE',
  type: 0,
  version: '1.0.0',
  status: 'running',
  presence: 'online',
  install: 'installed',
  activation: 'active',
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
  fingerprint: null,
  detection: 'ok',
  // The check-in report, from before the command: nothing protected yet.
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

const OLD = {
  path: '/usr/bin/backup',
  sha256: 'a'.repeat(64),
  addedAt: '2026-11-01T08:00:00.000Z',
};
const NEW = {
  path: '/usr/bin/report',
  sha256: 'b'.repeat(64),
  addedAt: '2026-11-20T08:00:00.000Z',
};

/**
 * Issue 35, point 19: the protection tab shows what a command did when it ends, not 30 s later
 * at the engine's next check-in, and the authorised programs show once one is authorised.
 */
describe("a device's protection tab after a command", () => {
  let calls: { url: string; body: Body }[];
  let programs: (typeof OLD)[];

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    programs = [OLD];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Body;
        calls.push({ url, body });
        if (url === '/api/dv/m/info') return ok(device);
        if (url === '/api/dv/m/task/logs')
          return ok({
            list: [
              command({
                type: 'tde.encrypt',
                args: { path: '/srv/shares' },
                state: 'finished',
                code: 0,
                message: 'Done',
                finishedAt: new Date().toISOString(),
              }),
            ],
            total: 1,
          });
        if (url === '/api/sync/m/watch')
          return ok({
            at: new Date().toISOString(),
            uptimeS: 60,
            lastCheckIn: null,
            pendingAlerts: 0,
            protected: [{ path: '/srv/shares', mode: 'tde', files: 12 }],
            programs: programs.length,
          });
        if (url === '/api/sync/m/aa') return ok({ programs });
        if (url === '/api/sync/m/view/program')
          return ok({
            path: NEW.path,
            size: 4096,
            sha256: NEW.sha256,
            executable: true,
            modifiedAt: '2026-11-20T08:00:00.000Z',
            authorised: false,
          });
        if (url === '/api/sync/m/pi/add') {
          programs = [...programs, NEW];
          return ok(NEW);
        }
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const openProtection = async () => {
    const router = createMemoryRouter(
      [{ path: '/admin/devices/:id', element: <AdminDeviceDetailPage /> }],
      { initialEntries: [`/admin/devices/${DEVICE_ID}`] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Protection' }));
    return screen.getByRole('tabpanel');
  };

  it("shows a folder an ended command protected from the engine's answer, before its check-in", async () => {
    const panel = await openProtection();
    const row = (await within(panel).findByText('/srv/shares')).closest('tr')!;
    // The engine was asked once what it protects now; its answer is shown, not "not reported".
    await waitFor(() => expect(row).toHaveTextContent('12'));
    expect(row).not.toHaveTextContent('Not reported yet');
    expect(row).toHaveTextContent('Encryption (TDE)');
    expect(calls.filter((c) => c.url === '/api/sync/m/watch')).toHaveLength(1);
  });

  it('shows the authorised programs, the new one among them, once one is authorised', async () => {
    const panel = await openProtection();
    // Nothing read yet: each read is a command to the engine.
    expect(calls.some((c) => c.url === '/api/sync/m/aa')).toBe(false);
    await userEvent.type(within(panel).getByLabelText('Program path'), NEW.path);
    await userEvent.click(within(panel).getByRole('button', { name: 'Read program' }));
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Authorise this program' }),
    );
    // The whole list, read once, not the one program alone and not only on "Read".
    expect(await within(panel).findByText(OLD.path)).toBeInTheDocument();
    expect(within(panel).getByText(NEW.path)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/sync/m/aa')).toHaveLength(1);
  });

  it('changes a list already read in place, without reading it again', async () => {
    const panel = await openProtection();
    await userEvent.click(within(panel).getByRole('button', { name: /Read authorised programs/ }));
    expect(await within(panel).findByText(OLD.path)).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText('Program path'), NEW.path);
    await userEvent.click(within(panel).getByRole('button', { name: 'Read program' }));
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Authorise this program' }),
    );
    expect(await within(panel).findByText(NEW.path)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/sync/m/aa')).toHaveLength(1);
  });
});
