import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalErr } from '@edp/shared/errors/portal';
import { changeLanguage } from '../../../locales/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../../admin-common/lib/admin-locales.ts';
import { policyOf } from '../../admin-common/lib/password-policy.ts';
import { ExpiredPasswordForm } from './expired-password-form.tsx';

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('the expired password form', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('shows the captcha when the server asks for one (a noisy address), and sends it', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        answer(
          {
            success: false,
            errCode: PortalErr.CaptchaRequired,
            msg: 'Please enter the captcha',
          },
          400,
        ),
      )
      .mockResolvedValueOnce(answer({ success: true, errCode: 0, msg: 'OK', data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    const onChanged = vi.fn();
    renderWithApp(
      <ExpiredPasswordForm
        login={{ account: 'operator', password: 'Initial#Pass1' }}
        policy={policyOf(undefined)}
        captcha={false}
        onChanged={onChanged}
        onBack={() => undefined}
      />,
    );
    expect(screen.queryByLabelText('Captcha')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New password'), 'Changed#Pass2');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'Changed#Pass2');
    await userEvent.click(screen.getByRole('button', { name: 'Change and log in' }));
    expect(await screen.findByText('Please enter the captcha')).toBeInTheDocument();
    await userEvent.type(await screen.findByLabelText('Captcha'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Change and log in' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const sent = JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body));
    expect(sent).toMatchObject({ account: 'operator', captcha: 'ab12' });
  });
});
