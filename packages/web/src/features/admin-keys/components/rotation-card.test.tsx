import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { renderWithApp } from '../../../test/render.tsx';
import '../lib/locales.ts';
import { RotationCard } from './rotation-card.tsx';

const at = '2026-11-29T08:00:00.000Z';
const status = (over: Partial<TKeyStatus> = {}): TKeyStatus => ({
  initialised: true,
  initialisedAt: at,
  keyManagers: [],
  dualControl: true,
  dualControlOff: null,
  activeSplit: null,
  pendingSplit: null,
  escrowKey: { id: '1c8b7f0e-0000-4000-8000-000000000001', createdAt: at },
  escrowRotation: null,
  windowKey: { id: '0a1b2c3d4e5f6789', own: false, createdAt: null, rotation: null },
  escrow: { devicesWithKeys: 20, notEscrowed: 0 },
  myShare: null,
  ...over,
});

const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The status tab's "Rotation": the keys, each rotation's progress, and rotations asked first. */
describe('the rotation card', () => {
  let sent: { url: string; body: unknown }[];

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', { account: 'keyadmin', menus: ['kss'], permission: 'write', userType: 3 });
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        sent.push({
          url,
          body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
        });
        return ok(status());
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const posted = (path: string) => sent.filter((s) => s.url === `/api${path}`);

  it("shows the keys, the console's shared window key, and asks before each rotation", async () => {
    renderWithApp(<RotationCard status={status()} canWrite />);
    const escrow = screen.getByRole('region', { name: 'Escrow key' });
    expect(within(escrow).getByText('1c8b7f0e')).toHaveAttribute(
      'title',
      '1c8b7f0e-0000-4000-8000-000000000001',
    );
    expect(within(escrow).getByText('None under way')).toBeInTheDocument();
    const win = screen.getByRole('region', { name: 'Window-signing key' });
    expect(within(win).getByText('0a1b2c3d4e5f6789')).toBeInTheDocument();
    expect(within(win).getByText("The console's shared key")).toBeInTheDocument();
    expect(
      within(win).getByText(/A first rotation gives the tenant a key of its own/),
    ).toBeVisible();

    await userEvent.click(within(escrow).getByRole('button', { name: 'Rotate escrow key' }));
    const sure = await dialogWith('Rotate the escrow key?');
    expect(sure).toHaveTextContent('re-escrows its data keys to it at its next check-in');
    expect(sure).toHaveTextContent('the old key is kept until then');
    expect(posted('/kss/rotate/escrow')).toHaveLength(0);
    await userEvent.click(within(sure).getByRole('button', { name: 'Rotate escrow key' }));
    await waitFor(() => expect(posted('/kss/rotate/escrow')).toHaveLength(1));

    await userEvent.click(within(win).getByRole('button', { name: 'Rotate window-signing key' }));
    const sureWin = await dialogWith('Rotate the window-signing key?');
    expect(sureWin).toHaveTextContent('windows already signed keep their end');
    await userEvent.click(
      within(sureWin).getByRole('button', { name: 'Rotate window-signing key' }),
    );
    await waitFor(() => expect(posted('/kss/rotate/window')).toHaveLength(1));
  });

  it('shows a rotation under way as a bar with numbers, and finishing it says who is left', async () => {
    renderWithApp(
      <RotationCard
        canWrite
        status={status({
          escrowRotation: {
            fromId: '2d9c8a1f-0000-4000-8000-000000000002',
            startedAt: at,
            progress: { done: 12, waiting: 5, offline: 3 },
          },
          windowKey: {
            id: '9f8e7d6c5b4a3210',
            own: true,
            createdAt: at,
            rotation: { startedAt: at, progress: { done: 19, waiting: 1, offline: 0 } },
          },
        })}
      />,
    );
    const escrow = screen.getByRole('region', { name: 'Escrow key' });
    expect(
      within(escrow).getByRole('img', {
        name: '12 of 20 devices done: Re-escrowed 12, Waiting 5, Offline 3',
      }),
    ).toBeInTheDocument();
    expect(within(escrow).getByText(/Under way since/)).toBeInTheDocument();
    expect(within(escrow).getByText('2d9c8a1f')).toBeInTheDocument();
    const win = screen.getByRole('region', { name: 'Window-signing key' });
    expect(within(win).getByText("The tenant's own")).toBeInTheDocument();
    expect(
      within(win).getByRole('img', { name: /19 of 20 devices done: On the new key 19/ }),
    ).toBeInTheDocument();

    await userEvent.click(within(escrow).getByRole('button', { name: 'Finish now' }));
    const sure = await dialogWith('Finish the escrow key rotation now?');
    expect(sure).toHaveTextContent(
      'The 8 devices that have not re-escrowed (5 waiting, 3 offline) are left without escrow until they do',
    );
    await userEvent.click(within(sure).getByRole('button', { name: 'Finish now' }));
    await waitFor(() => expect(posted('/kss/rotate/escrow/finish')).toHaveLength(1));
    expect(posted('/kss/rotate/escrow/finish')[0]!.body).toEqual({ confirm: true });
  });

  it('shows the auditor the keys and the progress without a button', () => {
    renderWithApp(
      <RotationCard
        canWrite={false}
        status={status({
          escrowRotation: {
            fromId: '2d9c8a1f-0000-4000-8000-000000000002',
            startedAt: at,
            progress: { done: 0, waiting: 0, offline: 0 },
          },
        })}
      />,
    );
    expect(screen.getByRole('img', { name: /0 of 0 devices done/ })).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
