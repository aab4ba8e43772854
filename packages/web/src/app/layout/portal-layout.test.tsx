import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../locales/i18n.ts';
import { sessionStore, signInCompany } from '../../lib/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import PortalLayout from './portal-layout.tsx';

const ok = () =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK' }), {
    headers: { 'Content-Type': 'application/json' },
  });

describe('portal layout', () => {
  beforeEach(async () => {
    await changeLanguage('en-US');
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
    signInCompany('tok', { id: 'c1', email: 'ops@acme.example', company: 'Acme', balance: 5 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok()),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.reload();
    return changeLanguage('zh-CN');
  });

  function renderLayout() {
    return renderWithApp(<PortalLayout />, {
      path: '/myauth',
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
  }

  it('shows the menu, landmarks and the account', () => {
    renderLayout();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    for (const name of ['My license', 'My engine', 'My balance']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'User menu: ops@acme.example' })).toBeInTheDocument();
  });

  it('toggles the menu with a labelled button', async () => {
    renderLayout();
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('on a phone, opens the menu as a drawer over the content, closed by Esc', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...matchMedia(query), matches: true });
    try {
      renderLayout();
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'Expand menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(toggle);
      const nav = await screen.findByRole('navigation', { name: 'Main menu' });
      expect(nav.closest('.ant-drawer')).not.toBeNull();
      expect(within(nav).getByRole('link', { name: 'My balance' })).toBeInTheDocument();
      await userEvent.keyboard('{Escape}');
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute(
          'aria-expanded',
          'false',
        ),
      );
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('logs out through the user menu and returns to the login page', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'User menu: ops@acme.example' }));
    expect(await screen.findByText('Account: ops@acme.example')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: /Log out/ }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(sessionStore.getSnapshot().company).toBeUndefined());
    expect(vi.mocked(fetch).mock.calls.map(([url]) => url)).toContain('/api/com/n/loginout');
  });

  it('opens the change-password modal from the user menu', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'User menu: ops@acme.example' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Change password/ }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat new password')).toBeInTheDocument();
  });
});
