import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLanguage } from '../locales/i18n.ts';
import { sessionStore, signInCompany } from '../lib/session.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { AppProviders } from './providers.tsx';
import { appRoutes, buildRoutes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(appRoutes), { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('router with guard', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.reload();
    return changeLanguage('zh-CN');
  });

  it('sends a signed-out visitor of /device/7 to the login page with a redirect', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await changeLanguage('en-US');
    const router = renderAt('/device/7?tab=1');
    // The guarded page's lazy chunk is fetched in parallel (and transformed cold here): allow time.
    expect(
      await screen.findByRole('heading', { name: 'Company login' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdevice%2F7%3Ftab%3D1');
  });

  it('sends a signed-in company from /login to My license inside the portal layout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    signInCompany('tok', { id: 'c1', email: 'a@example.com', company: 'Acme', balance: 0 });
    const router = renderAt('/login');
    expect(
      await screen.findByRole('heading', { name: '我的授权', level: 1 }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/myauth');
    expect(screen.getByRole('navigation', { name: '主菜单' })).toBeInTheDocument();
  });

  it('guards unknown console paths with the console login', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await changeLanguage('en-US');
    const router = renderAt('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Console login' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fadmin%2Fusers');
  });

  it('renders the privacy policy for everyone, in the current language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502 })),
    );
    await changeLanguage('en-US');
    renderAt('/app-privacy');
    expect(
      await screen.findByRole('heading', { name: /Privacy Policy/, level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/36 months from the date of deletion/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '7. Minors' })).toBeInTheDocument();
  });
});
