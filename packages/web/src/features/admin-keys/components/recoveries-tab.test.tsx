import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TRecovery } from '@edp/shared/contracts/keys';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/locales.ts';
import { RecoveriesTab } from './recoveries-tab.tsx';

const person = (account: string) => ({ id: account, account, name: account });
const recovery = (over: Partial<TRecovery>): TRecovery => ({
  id: '00000000-0000-4000-8000-000000000001',
  state: 'open',
  deviceId: '00000000-0000-4000-8000-0000000000d1',
  deviceName: 'finance-01',
  keyId: 'a1b2c3d4e5f60718',
  reason: 'Disk moved to a new machine',
  deliver: 'passphrase',
  requestedBy: person('keyadmin'),
  threshold: 2,
  presented: [{ ...person('keyadmin'), at: '2026-11-29T08:00:00.000Z' }],
  createdAt: '2026-11-29T08:00:00.000Z',
  expiresAt: '2026-11-30T08:00:00.000Z',
  completedAt: null,
  mayPresent: true,
  mayDownload: false,
  ...over,
});

const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The recoveries: what each may do to a row, and that the irreversible steps ask first. */
describe('the recoveries tab', () => {
  let rows: TRecovery[];
  let sent: { url: string; body: unknown }[];

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', {
      account: 'keyadmin2',
      menus: ['kss'],
      permission: 'write',
      userType: 3,
    });
    rows = [
      recovery({}),
      recovery({
        id: '00000000-0000-4000-8000-000000000002',
        deviceName: 'hr-02',
        state: 'completed',
        mayPresent: false,
        mayDownload: true,
      }),
    ];
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
        sent.push({ url, body });
        if (url === '/api/kss/recovery/list') return ok({ items: rows, next: null });
        if (url === '/api/kss/recovery/cancel') return ok({ ...rows[0]!, state: 'cancelled' });
        if (url === '/api/kss/recovery/file')
          return new Response('-----BEGIN AGE ENCRYPTED FILE-----\n', {
            headers: { 'Content-Disposition': 'attachment; filename="edp-recovery-hr-02.age"' },
          });
        throw new Error(`unexpected ${url}`);
      }),
    );
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const posted = (path: string) => sent.filter((s) => s.url === `/api${path}`);

  it('offers present, download and cancel where each applies, and asks before cancelling', async () => {
    renderWithApp(<RecoveriesTab canWrite threshold={2} />);
    const open = (await screen.findByText('finance-01')).closest('tr')!;
    expect(within(open).getByText('1 of 2')).toBeInTheDocument();
    expect(within(open).getByText('keyadmin', { selector: 'div' })).toBeInTheDocument();
    expect(
      within(open).getByRole('button', { name: 'Present my share for finance-01' }),
    ).toBeInTheDocument();
    expect(within(open).queryByRole('button', { name: /Download/ })).toBeNull();
    const done = screen.getByText('hr-02').closest('tr')!;
    expect(within(done).getByText('Ready to download')).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await userEvent.click(
      within(open).getByRole('button', { name: 'Cancel the recovery of finance-01' }),
    );
    const sure = await dialogWith('Cancel the recovery of finance-01?');
    expect(sure).toHaveTextContent('The shares presented are deleted');
    expect(posted('/kss/recovery/cancel')).toHaveLength(0);
    await userEvent.click(within(sure).getByRole('button', { name: 'Cancel recovery' }));
    await waitFor(() => expect(posted('/kss/recovery/cancel')).toHaveLength(1));
    expect(posted('/kss/recovery/cancel')[0]!.body).toEqual({ id: rows[0]!.id });
  });

  it('warns that the recovery file comes once, then downloads it by POST', async () => {
    renderWithApp(<RecoveriesTab canWrite threshold={2} />);
    const done = (await screen.findByText('hr-02')).closest('tr')!;
    await userEvent.click(
      within(done).getByRole('button', { name: /Download the recovery file of hr-02/ }),
    );
    const sure = await dialogWith('Download the recovery file of hr-02?');
    expect(sure).toHaveTextContent('can be downloaded once');
    await userEvent.click(within(sure).getByRole('button', { name: /Download recovery file/ }));
    await waitFor(() => expect(posted('/kss/recovery/file')).toHaveLength(1));
    expect(posted('/kss/recovery/file')[0]!.body).toEqual({ id: rows[1]!.id });
  });

  it('shows an auditor the list without actions, and no recovery without an active split', async () => {
    renderWithApp(<RecoveriesTab canWrite={false} threshold={undefined} />);
    expect(await screen.findByText('finance-01')).toBeInTheDocument();
    expect(screen.getByText('Recoveries can be asked once a split is active.')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Present|Ask for recovery|Cancel/ })).toBeNull();
  });
});
