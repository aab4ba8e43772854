import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../locales/i18n.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { sessionStore } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import LoginPage from '../pages/login-page.tsx';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('login page', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.reload();
    return changeLanguage('zh-CN');
  });

  it('shows localised validation messages', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter your e-mail')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the captcha')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
    expect(screen.getByText('Please enter a valid e-mail address')).toBeInTheDocument();
  });

  it('shows and hides the password on request', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    const password = screen.getByLabelText('Password');
    await userEvent.type(password, 'Secret#2026');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers registration, retrieval and a refreshable captcha', async () => {
    renderWithApp(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/retrieve',
    );
    const image = screen.getByRole('img', { name: 'Captcha image' });
    const first = image.getAttribute('src');
    expect(first).toMatch(/^\/api\/com\/n\/get-captcha-img\?r=/);
    await userEvent.click(screen.getByRole('button', { name: /new image/ }));
    expect(screen.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).not.toBe(first);
  });

  it('signs in with the MD5 password and goes to the redirect target', async () => {
    const fetchMock = vi.fn(async () =>
      answer({
        success: true,
        errCode: 0,
        msg: 'OK',
        data: {
          token: 't1',
          company: { id: 'c1', email: 'a@example.com', company: 'Acme', balance: 2 },
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderWithApp(<LoginPage />, {
      path: '/login',
      routes: [{ path: '/device', element: <p>device list</p> }],
    });
    await router.navigate('/login?redirect=%2Fdevice%3Fpage%3D2');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Captcha'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('device list')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/com/n/login');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'a@example.com',
      password: md5Hex('Secret123'),
      captcha: 'ab12',
    });
    expect(sessionStore.getSnapshot().company?.email).toBe('a@example.com');
  });

  it('draws a new captcha and clears it after a failed login', async () => {
    vi.stubGlobal('fetch', async () =>
      answer({ success: false, errCode: -10020, msg: 'Wrong captcha' }, 400),
    );
    renderWithApp(<LoginPage />, { path: '/login' });
    const before = screen.getByRole('img', { name: 'Captcha image' }).getAttribute('src');
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Captcha'), 'zz99');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong captcha')).toBeInTheDocument(); // the server's message
    await waitFor(() => expect(screen.getByLabelText('Captcha')).toHaveValue(''));
    expect(screen.getByRole('img', { name: 'Captcha image' }).getAttribute('src')).not.toBe(before);
  });
});
