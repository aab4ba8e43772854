import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/locales.ts';
import { EscrowTab, type EscrowFilter } from './escrow-tab.tsx';

const device = (n: number, escrowed: boolean): TDeviceEscrow => ({
  deviceId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name: `device-${n}`,
  groupName: 'Beijing',
  online: true,
  lastSeenAt: null,
  keys: [
    {
      keyId: `a1b2c3d4e5f607${String(n).padStart(2, '0')}`,
      seenAt: '2026-11-29T08:00:00.000Z',
      escrowedAt: escrowed ? '2026-11-29T08:00:10.000Z' : null,
    },
  ],
});
const NEXT = '1764403200000_00000000-0000-4000-8000-000000000001';
const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function Tab() {
  const [filter, setFilter] = useState<EscrowFilter>('all');
  return <EscrowTab filter={filter} onFilter={setFilter} />;
}

/** The escrow list: keyset pages, the "not escrowed" filter and the search, each from page 1. */
describe('the escrow tab', () => {
  let asked: Record<string, unknown>[];
  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', { account: 'keyadmin', menus: ['kss'], permission: 'write', userType: 3 });
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        asked.push(body);
        if (body.filter === 'missing') return ok({ items: [], next: null });
        if (body.cursor) return ok({ items: [device(2, false)], next: null });
        return ok({ items: [device(1, true)], next: NEXT });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('pages on with the cursor and back, and a filter or a search starts again at page 1', async () => {
    renderWithApp(<Tab />);
    expect(await screen.findByText('device-1')).toBeInTheDocument();
    expect(screen.getByText(/^Escrowed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('device-2')).toBeInTheDocument();
    expect(screen.getByText('Not escrowed', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ filter: 'all', cursor: NEXT });
    // Still on page 2 a while later: nothing starts the pages again on its own.
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Not escrowed' }));
    expect(await screen.findByText('Every data key is escrowed')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ filter: 'missing', size: 20 });

    await userEvent.click(screen.getByRole('radio', { name: 'All devices' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search device names' }), 'dev');
    await waitFor(() => expect(asked.at(-1)).toEqual({ filter: 'all', size: 20, q: 'dev' }));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
