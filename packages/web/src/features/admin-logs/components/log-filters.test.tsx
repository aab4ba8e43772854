import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import '../../admin-common/lib/log-locales.ts';
import { ok, operator } from '../../../test/console-fixtures.ts';
import { NO_LOG_FILTER, type LogFilter, type LogList } from '../lib/log-filter.ts';
import { LogFilters } from './log-filters.tsx';

/**
 * The logs' filters: a custom span takes effect once its start is chosen, a preset range drops
 * it, each list offers its own choices in the reader's words, and the auditor (who may not list
 * groups or devices) is not offered those.
 */
describe('the log filters', () => {
  beforeEach(async () => {
    await changeLanguage('en-US');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ list: [], total: 0, page: 1, pageSize: 20 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderFilters = (list: LogList, value: LogFilter, changes: LogFilter[] = []) => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <LogFilters list={list} value={value} onChange={(f) => changes.push(f)} />
      </AppProviders>,
    );
    return changes;
  };
  const choose = async (select: string, option: string) => {
    await userEvent.click(screen.getByRole('combobox', { name: select }));
    await userEvent.click(await screen.findByTitle(option));
  };

  it('waits for a custom span’s start before the list changes', async () => {
    signInAdmin('token', operator as unknown as AdminSession);
    const changes = renderFilters('access', NO_LOG_FILTER);
    expect(screen.queryByPlaceholderText('Choose a start time')).toBeNull();
    await choose('Time range', 'Custom');
    expect(await screen.findByPlaceholderText('Choose a start time')).toBeInTheDocument();
    expect(changes).toEqual([]);
  });

  it('shows a custom span from the address, and leaves it for a preset range', async () => {
    signInAdmin('token', operator as unknown as AdminSession);
    const from = new Date(2026, 10, 20, 8, 30).toISOString();
    const changes = renderFilters('monitor', { range: 'custom', from, keyword: 'etc' });
    expect(await screen.findByPlaceholderText('Choose a start time')).toHaveValue(
      '2026-11-20 08:30',
    );
    await choose('Time range', 'Last 7 days');
    expect(changes.at(-1)).toEqual({ range: '7d', keyword: 'etc' });
  });

  it('offers each list its own choices in words, and a group and device to the operator', async () => {
    signInAdmin('token', operator as unknown as AdminSession);
    const changes = renderFilters('access', NO_LOG_FILTER);
    expect(screen.getByRole('combobox', { name: 'Group' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Device' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    await choose('Outcome', 'Denied');
    expect(changes.at(-1)).toEqual({ ...NO_LOG_FILTER, outcome: 'denied' });
  });

  it('offers the auditor no group or device', () => {
    signInAdmin('token', { ...operator, menus: ['audit'] } as unknown as AdminSession);
    renderFilters('alerts', NO_LOG_FILTER);
    expect(screen.getByRole('combobox', { name: 'State' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Source' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Group' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Device' })).toBeNull();
  });
});
