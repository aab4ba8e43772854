import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { deviceListQuery } from '../../features/admin-devices/api/get-device-list.ts';
import { parseDeviceListSearch } from '../../features/admin-devices/lib/device-list-url.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearAdmin, signInAdmin } from '../../lib/session.ts';
import { adminRoutes } from '../routes/admin-routes.ts';
import { guardLoader } from './guard-loader.ts';

const devices = adminRoutes.find((r) => r.name === 'adminDevices')!;
const address = 'http://console.localhost/admin/devices?sort=name&order=asc&page=3&presence=online';
const run = (url: string) =>
  guardLoader(
    devices.access,
    devices.prefetch,
  )({
    request: new Request(url),
    params: {},
    context: undefined,
  } as LoaderFunctionArgs);

describe('the device centre route', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    clearAdmin();
  });

  it("starts the list's read for the address before the page renders, under the page's own key", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            success: true,
            errCode: 0,
            msg: '',
            data: { items: [], total: 0, counts: {}, online: 0 },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    signInAdmin('tok', { account: 'op' });
    expect(run(address)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/dv/m/list');
    expect(JSON.parse(init.body as string)).toEqual({
      page: 3,
      pageSize: 10,
      presence: 'online',
      sort: 'name',
      order: 'asc',
    });
    // The page reads the same address through parseDeviceListSearch: it finds the answer there.
    const { queryKey } = deviceListQuery(parseDeviceListSearch(new URL(address).searchParams));
    await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toBeDefined());
    // …and mounting right after does not ask again (a reload called the list twice).
    await queryClient.fetchQuery(
      deviceListQuery(parseDeviceListSearch(new URL(address).searchParams)),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends a signed-out visitor to the console login without asking for anything', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(() => run(address)).toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
