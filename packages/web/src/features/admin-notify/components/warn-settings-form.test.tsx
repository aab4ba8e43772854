import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWarnSettingsView } from '@edp/shared/contracts/notify';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import '../lib/locales.ts';
import { WarnSettingsForm } from './warn-settings-form.tsx';

const stored: TWarnSettingsView = {
  enabled: true,
  maxReminders: 3,
  intervalMinutes: 60,
  language: 'en-US',
  timeZone: 'UTC',
  text: '',
  causes: ['dpi'],
  offlineMinutes: 30,
  channels: ['webhook'],
  phones: [],
  emails: [],
  webhookUrl: 'https://hooks.example.com/edp?v=1',
  webhookSecret: { set: true, hint: '••••cdef' },
  updatedBy: null,
  updatedAt: null,
};

/**
 * Issue 34, point 6: a stored webhook secret does not follow a changed address, and the form says
 * so before saving, in both languages (the server refuses the save with -10165 otherwise).
 */
describe('the webhook address and its secret', () => {
  beforeEach(async () => {
    await changeLanguage('en-US');
  });

  /**
   * The form alone: its own alerts are read within it, not the page's (antd's messages of other
   * tests in this worker live in the body, also as alerts).
   */
  const show = () =>
    within(
      render(
        <AppProviders queryClient={createQueryClient()}>
          <WarnSettingsForm value={stored} canWrite saving={false} onSave={vi.fn()} />
        </AppProviders>,
      ).container,
    );

  it('asks for the secret again once the address moves, not for a changed query', async () => {
    const form = show();
    const url = screen.getByLabelText('Webhook address');
    expect(form.queryByRole('alert')).toBeNull();
    await userEvent.clear(url);
    await userEvent.paste('https://hooks.example.com/edp?v=2');
    expect(form.queryByRole('alert')).toBeNull();
    await userEvent.clear(url);
    await userEvent.paste('https://elsewhere.example/edp');
    expect(await form.findByRole('alert')).toHaveTextContent(
      'The address changed: type these secrets again before saving: Webhook signing secret.',
    );
  });

  it('says it in Chinese too', async () => {
    await changeLanguage('zh-CN');
    const form = show();
    const url = screen.getByLabelText('Webhook 地址');
    await userEvent.clear(url);
    await userEvent.paste('https://elsewhere.example/edp');
    expect(await form.findByRole('alert')).toHaveTextContent(
      '地址已更改：保存前请重新填写这些密钥',
    );
  });
});

/**
 * Issue 35: the form neither made a `whsec_` secret nor said what the format is. "Generate
 * secret" makes one in the browser and shows it, "Copy secret" copies it, the help says how it is
 * signed and checked, and saving sends it as typed.
 */
describe('a webhook secret made on the page', () => {
  const show = (onSave = vi.fn(async () => undefined)) => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WarnSettingsForm value={stored} canWrite saving={false} onSave={onSave} />
      </AppProviders>,
    );
    return onSave;
  };

  it('is made, shown, copied and saved; the help names the headers and the format', async () => {
    await changeLanguage('en-US');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onSave = show();
    const secret = screen.getByLabelText('Webhook signing secret');
    expect(screen.getByText(/webhook-id, webhook-timestamp and webhook-signature/)).toBeVisible();
    expect(screen.getByText(/whsec_ and the base64 of 24 to 64 bytes/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Generate secret' }));
    expect(secret).toHaveAttribute('type', 'text');
    const made = (secret as HTMLInputElement).value;
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(screen.getByRole('status')).toHaveTextContent('it is used once saved');
    await userEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(made);
    // Another one each time.
    await userEvent.click(screen.getByRole('button', { name: 'Generate secret' }));
    expect((secret as HTMLInputElement).value).not.toBe(made);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ webhookSecret: (secret as HTMLInputElement).value }),
    );
  });

  it('says it in Chinese too', async () => {
    await changeLanguage('zh-CN');
    show();
    expect(
      screen.getByText(/每条消息带 webhook-id、webhook-timestamp 和 webhook-signature 三个请求头/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /生成密钥/ }));
    expect((screen.getByLabelText('Webhook 签名密钥') as HTMLInputElement).value).toMatch(
      /^whsec_/,
    );
    expect(screen.getByRole('status')).toHaveTextContent('已生成新密钥：保存后生效');
    expect(screen.getByRole('button', { name: /复制密钥/ })).toBeEnabled();
  });
});
