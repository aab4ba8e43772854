import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TDeviceItem } from '@edp/shared/contracts/devices';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { LIST_REFRESH_MS } from '../api/get-device-list.ts';
import { DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import AdminDevicesPage from './admin-devices-page.tsx';

const enrolled: TDeviceItem = {
  id: DEVICE_ID,
  name: 'srv-new',
  number: '',
  ip: '10.0.0.9',
  systemType: 'Debian 12',
  kind: 'TDE',
  type: 0,
  version: '1.0.0',
  status: 'running',
  presence: 'online',
  install: 'installed',
  activation: 'inactive',
  groupId: '00000000-0000-4000-8000-00000000000a',
  groupName: 'Beijing',
  licenceExpiresAt: null,
  lastSeenAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  remark: '',
};

const EMPTY = /No devices yet/;

/**
 * Issue 35, point 7: an open device list shows an engine that enrols after it was read, without
 * a search or a reload: read again at an interval while visible, and at once when the enrol
 * drawer closes.
 */
describe('the open device list', () => {
  let devices: TDeviceItem[];
  let reads: number;

  beforeEach(async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    devices = [];
    reads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/dv/m/list') {
          reads++;
          return ok({ list: devices, total: devices.length, counts: {}, online: devices.length });
        }
        // The drawer's and filters' own reads (groups, secrets): nothing this test looks at.
        return ok({ list: [], total: 0 });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderPage = () => {
    const router = createMemoryRouter([{ path: '/admin/devices', element: <AdminDevicesPage /> }], {
      initialEntries: ['/admin/devices'],
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  };

  it('turns "no devices yet" into the list when an engine enrols, without a reload', async () => {
    renderPage();
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    devices = [enrolled];
    await act(() => vi.advanceTimersByTimeAsync(LIST_REFRESH_MS));
    expect(await screen.findByText('srv-new')).toBeInTheDocument();
    expect(screen.queryByText(EMPTY)).toBeNull();
  });

  it('reads the list again when the enrol drawer closes, and not while it is open', async () => {
    renderPage();
    expect(await screen.findByText(EMPTY)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Enrol engines/ }));
    const close = await screen.findByRole('button', { name: 'Close' });
    devices = [enrolled];
    const before = reads;
    await act(() => vi.advanceTimersByTimeAsync(2 * LIST_REFRESH_MS));
    expect(reads).toBe(before);
    fireEvent.click(close);
    expect(await screen.findByText('srv-new')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(EMPTY)).toBeNull());
  });
});
