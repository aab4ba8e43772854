import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../locales/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import RegisterPage from '../pages/register-page.tsx';
import RetrievePage from '../pages/retrieve-page.tsx';

/** The server answers -10035 with the seconds left: the code sent moments ago is on its way. */
const tooSoon = () =>
  new Response(
    JSON.stringify({
      success: false,
      errCode: -10035,
      msg: 'A code was sent just now, please try again in 42 s',
      data: { seconds: '42' },
    }),
    { status: 429, headers: { 'Content-Type': 'application/json' } },
  );

describe('a code sent moments ago', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('lets /retrieve go on to entering that code instead of staying on the first step', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => tooSoon()),
    );
    renderWithApp(<RetrievePage />, { path: '/retrieve' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('The code was sent to someone@example.com')).toBeVisible();
    expect(screen.getByLabelText('E-mail code')).toBeInTheDocument();
    // The server's message is toasted too (antd's message loads on first use: wait for it, or
    // its import outlives the test).
    expect(await screen.findByText(/A code was sent just now/)).toBeInTheDocument();
  });

  it('counts the wait down on /register instead of offering a send the server refuses', async () => {
    const ok = (data: unknown) =>
      new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
        headers: { 'Content-Type': 'application/json' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (url.endsWith('/com/n/ce') ? ok({ exists: false }) : tooSoon())),
    );
    renderWithApp(<RegisterPage />, { path: '/register' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'someone@example.com');
    await userEvent.type(screen.getByLabelText('Captcha'), 'abcd');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: /Resend in 4[12] s/ })).toBeDisabled();
    expect(await screen.findByText(/A code was sent just now/)).toBeInTheDocument();
  });
});
