import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIncident, TKeyStatus, TSplit } from '@edp/shared/contracts/keys';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/locales.ts';
import { IncidentsTab } from './incidents-tab.tsx';

const at = '2026-11-29T08:00:00.000Z';
const person = (id: string, account: string, name: string) => ({ id, account, name });
const me = person('u1', 'keyadmin', 'KeyAdmin');
const second = person('u2', 'keyadmin2', 'Second');
const third = person('u3', 'keyadmin3', 'Third');
const holders = (people: (typeof me)[]): TSplit['holders'] =>
  people.map((p) => ({ ...p, share: 'confirmed', downloadedAt: at, confirmedAt: at }));
const status = (over: Partial<TKeyStatus> = {}): TKeyStatus => ({
  initialised: true,
  initialisedAt: at,
  keyManagers: [me, second],
  dualControl: true,
  dualControlOff: null,
  activeSplit: {
    id: '0b7e1c2a-4d5f-4a6b-8c9d-0e1f2a3b4c5d',
    state: 'active',
    threshold: 2,
    holders: holders([me, second]),
    createdAt: at,
    createdBy: me,
  },
  pendingSplit: null,
  escrowKey: { id: '1c8b7f0e-0000-4000-8000-000000000001', createdAt: at },
  escrowRotation: null,
  windowKey: null,
  escrow: { devicesWithKeys: 3, notEscrowed: 0 },
  myShare: null,
  ...over,
});
const incident = (over: Partial<TIncident>): TIncident => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'escrowKey',
  state: 'open',
  note: 'Backup tape lost',
  holder: null,
  device: null,
  declaredBy: me,
  declaredAt: at,
  containedAt: null,
  closedAt: null,
  affected: 4,
  timeline: [
    { at, by: me, event: 'declared', detail: 'Backup tape lost' },
    {
      at,
      by: me,
      event: 'actionStarted',
      detail: JSON.stringify({
        escrowKeyId: '2d9c8a1f-0000-4000-8000-000000000002',
        replacedKeyId: '1c8b7f0e-0000-4000-8000-000000000001',
      }),
    },
    { at, by: null, event: 'warned', detail: '{"queued":true}' },
  ],
  ...over,
});

const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Key incidents: the list and its timeline, declaring each kind, notes and closing. Dialogs are
 * found by their text: under jsdom antd names every one `test-id`, which the state filter's
 * select takes too.
 */
describe('the incidents tab', () => {
  let rows: TIncident[];
  let sent: { url: string; body: unknown }[];

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', { account: 'keyadmin', menus: ['kss'], permission: 'write', userType: 3 });
    rows = [
      incident({}),
      incident({
        id: '00000000-0000-4000-8000-000000000002',
        kind: 'device',
        state: 'contained',
        device: { id: '00000000-0000-4000-8000-0000000000d1', name: 'finance-01' },
        affected: 0,
        containedAt: at,
      }),
      incident({
        id: '00000000-0000-4000-8000-000000000003',
        kind: 'share',
        state: 'closed',
        holder: third,
        affected: 0,
        closedAt: at,
      }),
    ];
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
        sent.push({ url, body });
        if (url === '/api/kss/incident/list') return ok({ items: rows, next: null });
        if (url === '/api/kss/escrow/list') return ok({ items: [], next: null });
        if (url.startsWith('/api/kss/incident/')) return ok(rows[0]!);
        if (url === '/api/kss/status') return ok(status());
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const posted = (path: string) => sent.filter((s) => s.url === `/api${path}`);

  it('lists each incident with its state, subject and count, its timeline under its row', async () => {
    renderWithApp(<IncidentsTab status={status()} canWrite />);
    const open = (await screen.findByText('Escrow key exposed')).closest('tr')!;
    expect(within(open).getByText('Open')).toBeInTheDocument();
    expect(within(open).getByText("The tenant's escrow key")).toBeInTheDocument();
    expect(within(open).getByText('4')).toBeInTheDocument();
    // Open: a note, not closed yet.
    expect(
      within(open).getByRole('button', { name: /Add a note to Escrow key exposed/ }),
    ).toBeVisible();
    expect(within(open).queryByRole('button', { name: /^Close/ })).toBeNull();
    const contained = screen.getByText('finance-01').closest('tr')!;
    expect(within(contained).getByText('Contained')).toBeInTheDocument();
    const closed = screen.getByText('Third (keyadmin3)').closest('tr')!;
    expect(within(closed).queryByRole('button')).not.toBeNull(); // the expand button only
    expect(within(closed).queryByRole('button', { name: /note|Close/ })).toBeNull();

    await userEvent.click(within(open).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Action started')).toBeInTheDocument();
    expect(screen.getByText('Escrow key 1c8b7f0e replaced by 2d9c8a1f')).toBeInTheDocument();
    expect(screen.getByText("Sent to the tenant's warning channels")).toBeInTheDocument();
    expect(screen.getByText(/· the console/)).toBeInTheDocument();
    expect(screen.getByText('Note:')).toBeInTheDocument();

    await userEvent.click(
      within(open).getByRole('button', {
        name: "Add a note to Escrow key exposed: The tenant's escrow key",
      }),
    );
    const note = await dialogWith('Add a note:');
    await userEvent.click(within(note).getByRole('button', { name: /Save/ }));
    expect(await within(note).findByText('Enter a note')).toBeInTheDocument();
    await userEvent.type(within(note).getByLabelText('Note'), 'Engines re-escrowing');
    await userEvent.click(within(note).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(posted('/kss/incident/note')).toHaveLength(1));
    expect(posted('/kss/incident/note')[0]!.body).toEqual({
      id: rows[0]!.id,
      note: 'Engines re-escrowing',
    });
  });

  it('closes a contained incident with a note, asked first', async () => {
    renderWithApp(<IncidentsTab status={status()} canWrite />);
    const contained = (await screen.findByText('finance-01')).closest('tr')!;
    await userEvent.click(
      within(contained).getByRole('button', { name: 'Close Device compromised: finance-01' }),
    );
    const dialog = await dialogWith('Close: Device compromised');
    await userEvent.type(within(dialog).getByLabelText('Closing note'), 'Reimaged');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    const sure = await dialogWith('Close Device compromised: finance-01?');
    expect(sure).toHaveTextContent('it cannot be opened again');
    expect(posted('/kss/incident/close')).toHaveLength(0);
    await userEvent.click(within(sure).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(posted('/kss/incident/close')).toHaveLength(1));
    expect(posted('/kss/incident/close')[0]!.body).toEqual({ id: rows[1]!.id, note: 'Reimaged' });
  });

  it('declares the escrow key exposed after saying what starts at once', async () => {
    renderWithApp(<IncidentsTab status={status()} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: /Declare incident/ }));
    const dialog = await dialogWith('Declare a key incident');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Escrow key exposed/ }));
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Backup tape lost');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    const sure = await dialogWith('Declare the incident "Escrow key exposed"?');
    expect(sure).toHaveTextContent('The escrow key is rotated now');
    await userEvent.click(within(sure).getByRole('button', { name: 'Declare incident' }));
    await waitFor(() => expect(posted('/kss/incident/declare')).toHaveLength(1));
    expect(posted('/kss/incident/declare')[0]!.body).toEqual({
      kind: 'escrowKey',
      note: 'Backup tape lost',
    });
  });

  it('refuses a share incident in the form when too few key managers remain', async () => {
    renderWithApp(<IncidentsTab status={status()} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: /Declare incident/ }));
    const dialog = await dialogWith('Declare a key incident');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Share lost or exposed/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Holder whose share/ }));
    await userEvent.click(await screen.findByTitle('Second (keyadmin2)'));
    expect(
      await within(dialog).findByText('Too few key managers remain for a new split', {
        selector: '.ant-alert-title',
      }),
    ).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Laptop stolen');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    expect(
      await within(dialog).findByText('Too few key managers remain for a new split', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeInTheDocument();
    expect(posted('/kss/incident/declare')).toHaveLength(0);
  });

  it('declares a share lost with the new split of those who remain', async () => {
    const s = status({ keyManagers: [me, second, third] });
    renderWithApp(<IncidentsTab status={s} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: /Declare incident/ }));
    const dialog = await dialogWith('Declare a key incident');
    await userEvent.click(within(dialog).getByRole('radio', { name: /Share lost or exposed/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Holder whose share/ }));
    await userEvent.click(await screen.findByTitle('Second (keyadmin2)'));
    expect(within(dialog).getByRole('checkbox', { name: 'KeyAdmin (keyadmin)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Third (keyadmin3)' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: /Second/ })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Laptop stolen');
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    const sure = await dialogWith('Declare the incident "Share lost or exposed"?');
    expect(sure).toHaveTextContent(
      'A new key is split now among keyadmin, keyadmin3 (2 of 2 shares needed)',
    );
    expect(sure).toHaveTextContent('the share of Second (keyadmin2)');
    await userEvent.click(within(sure).getByRole('button', { name: 'Declare incident' }));
    await waitFor(() => expect(posted('/kss/incident/declare')).toHaveLength(1));
    expect(posted('/kss/incident/declare')[0]!.body).toEqual({
      kind: 'share',
      holderId: 'u2',
      split: { holders: ['u1', 'u3'], threshold: 2 },
      note: 'Laptop stolen',
    });
  });

  it('shows the auditor the incidents and their timelines without a button to act', async () => {
    signInAdmin('token', { account: 'auditor', menus: ['audit'], permission: 'read', userType: 3 });
    renderWithApp(<IncidentsTab status={status()} canWrite={false} />);
    expect(await screen.findByText('Escrow key exposed')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Declare|note|Close/ })).toBeNull();
  });

  it('says when there is none, and filters by state from page 1', async () => {
    rows = [];
    renderWithApp(<IncidentsTab status={status()} canWrite />);
    expect(await screen.findByText('No key incident declared')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByTitle('Contained'));
    expect(await screen.findByText('No incident in this state')).toBeInTheDocument();
    expect(posted('/kss/incident/list').at(-1)!.body).toEqual({ size: 20, state: 'contained' });
  });
});
