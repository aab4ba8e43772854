import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import {
  command,
  DEVICE_ID,
  ok,
  operator,
  refused,
  TASK_ID,
} from '../../../test/console-fixtures.ts';
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
  protected: [{ path: '/srv/locked', mode: 'se', files: 2 }],
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
 * A device's engine tabs (issue 23): protected folders with the se mode's words and each one's
 * last command, a folder added through the engine's folder browser as a one-device task, and a
 * synchronous call that fails shown in place, plainly, without a spinner.
 */
describe("a device's engine tabs", () => {
  let calls: { url: string; body: Body }[];
  let offline: boolean;

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    offline = false;
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
                type: 'se.protect',
                args: { path: '/srv/locked' },
                state: 'finished',
                code: 0,
                message: 'Done',
              }),
              command({
                id: '00000000-0000-4000-8000-0000000000c2',
                taskId: null,
                taskName: null,
                type: 'engine.watch',
                args: {},
                state: 'finished',
                code: 0,
                message: null,
              }),
            ],
            total: 2,
          });
        if (url === '/api/dv/m/task/log/info')
          return ok({ ...command(), engineMessage: null, detail: null });
        if (url === '/api/sync/m/view/folder') {
          if (offline)
            return refused(-10120, 'The device is offline; its engine cannot answer now');
          const entries =
            body.path === '/'
              ? [
                  {
                    name: 'srv',
                    kind: 'dir',
                    size: 0,
                    modifiedAt: '2026-11-01T08:00:00.000Z',
                    protected: null,
                  },
                  {
                    name: 'notes.txt',
                    kind: 'file',
                    size: 2048,
                    modifiedAt: '2026-11-01T08:00:00.000Z',
                    protected: null,
                  },
                ]
              : [
                  {
                    name: 'locked',
                    kind: 'dir',
                    size: 0,
                    modifiedAt: '2026-11-01T08:00:00.000Z',
                    protected: 'se',
                  },
                  {
                    name: 'shares',
                    kind: 'dir',
                    size: 0,
                    modifiedAt: '2026-11-01T08:00:00.000Z',
                    protected: null,
                  },
                ];
          return ok({ path: body.path, entries, truncated: false });
        }
        if (url === '/api/async/m/tde/folder/add') return ok({ taskId: TASK_ID, total: 1 });
        if (url === '/api/sync/m/aa')
          return refused(-10120, 'The device is offline; its engine cannot answer now');
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

  it('shows the protected folders in words and adds one chosen in the folder browser', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Protection' }));
    const panel = screen.getByRole('tabpanel');
    const row = (await within(panel).findByText('/srv/locked')).closest('tr')!;
    expect(row).toHaveTextContent('Write protection (SE)');
    await waitFor(() => expect(row).toHaveTextContent(/Write-protect folder\s*Finished/));

    await userEvent.click(within(panel).getByRole('button', { name: /Add protected folder/ }));
    const dialog = await dialogWith('Browse below and choose a folder');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Open srv' }));
    const locked = (await within(dialog).findByText('locked')).closest('tr')!;
    expect(locked).toHaveTextContent('Write protection (SE)');
    expect(calls.filter((c) => c.url === '/api/sync/m/view/folder').map((c) => c.body)).toEqual([
      { deviceId: DEVICE_ID, path: '/' },
      { deviceId: DEVICE_ID, path: '/srv' },
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose this folder' }));
    expect(dialog).toHaveTextContent('Chosen folder: /srv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));

    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/async/m/tde/folder/add')?.body).toEqual({
        target: { ids: [DEVICE_ID] },
        path: '/srv',
        expiresInHours: 24,
      }),
    );
  });

  it("names each command's task in the device's history, as a link to the task's page", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Commands' }));
    const panel = screen.getByRole('tabpanel');
    const link = await within(panel).findByRole('link', {
      name: 'Open its task: Encrypt /srv/shares',
    });
    expect(link).toHaveTextContent('Encrypt /srv/shares');
    expect(link).toHaveAttribute('href', `/admin/tasks/${TASK_ID}`);
    // A command sent on its own belongs to no task.
    const own = within(panel).getByText('Watch engine').closest('tr')!;
    expect(within(own).queryByRole('link')).toBeNull();
    expect(own).toHaveTextContent('—');
    // The result's details name the task too.
    await userEvent.click(
      within(link.closest('tr')!).getByRole('button', { name: /Result details/ }),
    );
    const drawer = await dialogWith('Command result');
    expect(within(drawer).getByRole('link', { name: /Encrypt \/srv\/shares/ })).toHaveAttribute(
      'href',
      `/admin/tasks/${TASK_ID}`,
    );
  });

  it('says plainly in place that the device is offline, without waiting', async () => {
    offline = true;
    renderPage();
    await userEvent.click(await screen.findByRole('tab', { name: 'Protection' }));
    // The programs are read on request only (each read is a command to the engine).
    expect(calls.some((c) => c.url === '/api/sync/m/aa')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: /Read authorised programs/ }));
    const alert = await within(screen.getByRole('tabpanel')).findByRole('alert');
    expect(alert).toHaveTextContent('Device offline');
    expect(alert).toHaveTextContent('The device is offline; its engine cannot answer now');
    expect(screen.queryByText(/Waiting for the engine/)).toBeNull();

    await userEvent.click(await screen.findByRole('button', { name: /Add protected folder/ }));
    const dialog = await dialogWith('Browse below and choose a folder');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Device offline');
    expect(within(dialog).getByRole('button', { name: 'Choose this folder' })).toBeDisabled();
  });
});
