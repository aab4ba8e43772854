import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import '../lib/locales.ts';
import { ScheduleForm } from './schedule-form.tsx';

/** The schedule as the form sends it: each kind a switch, the language, the browser's zone. */
describe('the report schedule', () => {
  beforeEach(async () => {
    await changeLanguage('en-US');
  });

  it('sends the kinds checked, the language and the zone the periods are cut in', async () => {
    const onSave = vi.fn(async () => undefined);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ScheduleForm
          value={{ daily: false, weekly: true, monthly: false, locale: 'zh-CN', tz: 'UTC' }}
          tz="Asia/Shanghai"
          canWrite
          saving={false}
          onSave={onSave}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('checkbox', { name: 'Weekly' })).toBeChecked();
    expect(screen.getByText(/Asia\/Shanghai/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Daily' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        daily: true,
        weekly: true,
        monthly: false,
        locale: 'zh-CN',
        tz: 'Asia/Shanghai',
      }),
    );
  });

  it('shows a read-only role the schedule without a Save', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ScheduleForm
          value={{ daily: true, weekly: false, monthly: true, locale: 'en-US', tz: 'UTC' }}
          tz="UTC"
          canWrite={false}
          saving={false}
          onSave={vi.fn()}
        />
      </AppProviders>,
    );
    expect(screen.getByRole('checkbox', { name: 'Monthly' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
