import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
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

function Tab({ canWrite = false }: { canWrite?: boolean }) {
  const [filter, setFilter] = useState<EscrowFilter>('all');
  return <EscrowTab filter={filter} onFilter={setFilter} canWrite={canWrite} />;
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

/** "Rotate data keys": devices selected across pages, a reason, asked first, the task's id. */
describe("the escrow tab's data key rotation", () => {
  let sent: { url: string; body: Record<string, unknown> }[];
  const TASK = '00000000-0000-4000-8000-0000000000a1';
  beforeEach(async () => {
    await changeLanguage('en-US');
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        sent.push({ url, body });
        if (url === '/api/kss/rotate/device') return ok({ id: TASK });
        if (body.cursor) return ok({ items: [device(2, false)], next: null });
        return ok({ items: [device(1, true)], next: NEXT });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });
  const rotations = () => sent.filter((s) => s.url === '/api/kss/rotate/device');

  it('rotates the devices selected on two pages with a reason, then names the task', async () => {
    signInAdmin('token', { account: 'keyadmin', menus: ['kss'], permission: 'write', userType: 3 });
    renderWithApp(<Tab canWrite />);
    const rotate = await screen.findByRole('button', { name: 'Rotate data keys' });
    expect(rotate).toBeDisabled();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select device-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select device-2' }));
    expect(screen.getByText('2 devices selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Rotate data keys (2)' }));
    const dialog = await dialogWith('The data keys of 2 devices: device-1, device-2.');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Enter a reason')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Laptop stolen');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    const sure = await dialogWith('Rotate the data keys of 2 devices?');
    expect(sure).toHaveTextContent('device-1, device-2 each get a new data key');
    expect(rotations()).toHaveLength(0);
    await userEvent.click(within(sure).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(rotations()).toHaveLength(1));
    expect(rotations()[0]!.body).toEqual({
      deviceIds: [device(1, true).deviceId, device(2, false).deviceId],
      reason: 'Laptop stolen',
    });
    // The key manager may not open the operator's task page: the id, and who follows it.
    expect(
      await screen.findByText(`Task ${TASK} rotates the data keys of 2 devices`),
    ).toBeInTheDocument();
    expect(screen.getByText(/The security operator follows the task/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the task' })).toBeNull();
    expect(screen.getByText('Select devices to rotate their data keys.')).toBeInTheDocument();
  });

  it("links the task's page for whoever may open it", async () => {
    signInAdmin('token', {
      account: 'keyadmin',
      menus: ['kss', 'operate'],
      permission: 'write',
      userType: 3,
    });
    renderWithApp(<Tab canWrite />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select device-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Rotate data keys (1)' }));
    const dialog = await dialogWith('The data keys of device-1.');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Compromised');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    const sure = await dialogWith('Rotate the data keys of this device?');
    await userEvent.click(within(sure).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByRole('link', { name: 'Open the task' })).toHaveAttribute(
      'href',
      `/admin/tasks/${TASK}`,
    );
  });

  it('offers no selection to a reader', async () => {
    signInAdmin('token', { account: 'auditor', menus: ['audit'], permission: 'read', userType: 3 });
    renderWithApp(<Tab />);
    expect(await screen.findByText('device-1')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Rotate data keys/ })).toBeNull();
  });
});
