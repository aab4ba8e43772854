import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import '../lib/device-locales.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { filterOf, NO_FILTER, type DeviceFilterState } from '../lib/device-filter.ts';
import { ok, operator } from '../../../test/console-fixtures.ts';
import { DeviceFilters } from './device-filters.tsx';

/**
 * The device list's "outdated engines" switch: a switch named in words, turned on from the
 * keyboard, and sent as the list's filter (and so as a task's target filter).
 */
describe('the device filters', () => {
  beforeEach(() => {
    signInAdmin('token', operator as unknown as AdminSession);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ list: [], total: 0, page: 1, pageSize: 100 })),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderFilters = (value: DeviceFilterState, onChange: (f: DeviceFilterState) => void) =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DeviceFilters
          value={value}
          onChange={onChange}
          sort="createdAt"
          order="desc"
          onSort={() => {}}
        />
      </AppProviders>,
    );

  it.each([
    ['en-US', 'Outdated engines'],
    ['zh-CN', '版本过旧的引擎'],
  ] as const)('turns on "outdated engines" from the keyboard (%s)', async (language, name) => {
    await changeLanguage(language);
    const changes: DeviceFilterState[] = [];
    renderFilters(NO_FILTER, (f) => changes.push(f));
    const outdated = await screen.findByRole('switch', { name });
    expect(outdated).not.toBeChecked();
    outdated.focus();
    await userEvent.keyboard(' ');
    expect(changes.at(-1)).toEqual({ ...NO_FILTER, outdated: true });
    expect(filterOf(changes.at(-1)!)).toEqual({ outdated: true });
  });

  it('shows it on, and off again clears it', async () => {
    await changeLanguage('en-US');
    const changes: DeviceFilterState[] = [];
    renderFilters({ ...NO_FILTER, outdated: true }, (f) => changes.push(f));
    const outdated = await screen.findByRole('switch', { name: 'Outdated engines' });
    expect(outdated).toBeChecked();
    await userEvent.click(outdated);
    expect(changes.at(-1)).toEqual({ ...NO_FILTER, outdated: undefined });
    expect(filterOf(changes.at(-1)!)).toEqual({});
  });
});
