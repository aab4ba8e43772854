import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TLicenceItem } from '@edp/shared/contracts/licences';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { ok, operator } from '../../../test/console-fixtures.ts';
import AdminLicencesPage from './admin-licences-page.tsx';

const item = (over: Partial<TLicenceItem>): TLicenceItem => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  name: 'fin-01',
  number: 'D-1',
  groupName: 'Servers',
  kind: 'TDE',
  activation: 'active',
  licenseCode: 'LIC-1',
  serial: 1,
  expiresAt: '2026-10-10T00:00:00.000Z',
  daysLeft: -49,
  state: 'expired',
  ...over,
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/licences', element: <AdminLicencesPage /> }], {
    initialEntries: ['/admin/licences'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/** Issue 35, point 11: an expired licence reads as expired N days ago, never as "-49 days". */
describe('the licence list', () => {
  beforeEach(() => {
    signInAdmin('token', operator as unknown as AdminSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/dv/m/licences')
          return ok({
            list: [
              item({}),
              item({ id: '00000000-0000-4000-8000-0000000000d2', name: 'fin-02', daysLeft: 0 }),
              item({
                id: '00000000-0000-4000-8000-0000000000d3',
                name: 'lab-01',
                daysLeft: 365,
                state: 'normal',
              }),
            ],
            total: 3,
          });
        return ok({ list: [], total: 0 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it.each([
    ['zh-CN', '已过期 49 天', '今天已过期', '365 天'],
    ['en-US', 'Expired 49 days ago', 'Expired today', '365 days'],
  ] as const)(
    'shows days left, and an expired licence as expired N days ago, in %s',
    async (lang, ...texts) => {
      await changeLanguage(lang);
      renderPage();
      const rows = ['fin-01', 'fin-02', 'lab-01'];
      for (const [i, name] of rows.entries()) {
        const row = (await screen.findByRole('link', { name })).closest('tr')!;
        expect(row).toHaveTextContent(texts[i]!);
        expect(row).not.toHaveTextContent(/-\d+ (天|days)/);
      }
    },
  );
});
