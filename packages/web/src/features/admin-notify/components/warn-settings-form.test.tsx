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
    await userEvent.type(url, 'https://hooks.example.com/edp?v=2');
    expect(form.queryByRole('alert')).toBeNull();
    await userEvent.clear(url);
    await userEvent.type(url, 'https://elsewhere.example/edp');
    expect(await form.findByRole('alert')).toHaveTextContent(
      'The address changed: type these secrets again before saving: Webhook signing secret.',
    );
  });

  it('says it in Chinese too', async () => {
    await changeLanguage('zh-CN');
    const form = show();
    const url = screen.getByLabelText('Webhook 地址');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://elsewhere.example/edp');
    expect(await form.findByRole('alert')).toHaveTextContent(
      '地址已更改：保存前请重新填写这些密钥',
    );
  });
});
