import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../locales/i18n.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

function open(onClose = vi.fn()) {
  renderWithApp(<ChangePasswordModal open onClose={onClose} />);
  return onClose;
}

describe('change-password modal', () => {
  beforeEach(() => changeLanguage('en-US'));
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('asks for every field when submitted empty', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a new password')).toBeInTheDocument();
    expect(await screen.findByText('Please repeat the new password')).toBeInTheDocument();
  });

  it('explains the password rule and a mismatch', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'Different1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Please enter password (8-20 characters, upper / lower case letters and numbers)',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('The passwords do not match, please try again.'),
    ).toBeInTheDocument();
  });

  it('refuses a new password equal to the current one before sending it', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    open();
    await userEvent.type(screen.getByLabelText('Current password'), 'SamePass123');
    await userEvent.type(screen.getByLabelText('New password'), 'SamePass123');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'SamePass123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The new password must differ from the current one.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in Chinese too', async () => {
    await changeLanguage('zh-CN');
    open();
    await userEvent.type(screen.getByLabelText('新密码'), 'Abcdefg1');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'Abcdefg2');
    await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
    expect(await screen.findByText('两次输入的密码不一致，请重新输入。')).toBeInTheDocument();
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
  });

  it('sends both passwords as MD5 and closes on success', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK' }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = open();
    await userEvent.type(screen.getByLabelText('Current password'), 'Old-pass1');
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'NewPass123');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Modified successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/com/my/pwd');
    expect(JSON.parse(String(init.body))).toEqual({
      oldPassword: md5Hex('Old-pass1'),
      newPassword: md5Hex('NewPass123'),
    });
  });
});
