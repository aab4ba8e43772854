import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { changeLanguage } from '../../../locales/i18n.ts';
import { signInAdmin } from '../../../lib/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { DeviceKeyEscrow } from './device-key-escrow.tsx';

const deviceId = '00000000-0000-4000-8000-0000000000d1';
const ok = (data: object) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** The device page's panel: each data key's id and escrow, never a key. */
describe("the device's key escrow panel", () => {
  let calls: string[];
  beforeEach(async () => {
    await changeLanguage('en-US');
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return ok({
          deviceId,
          name: 'finance-01',
          groupName: 'Beijing',
          online: true,
          lastSeenAt: '2026-11-29T08:00:00.000Z',
          keys: [
            {
              keyId: 'a1b2c3d4e5f60718',
              seenAt: '2026-11-20T08:00:00.000Z',
              escrowedAt: '2026-11-20T08:00:10.000Z',
            },
            { keyId: '0011223344556677', seenAt: '2026-11-29T08:00:00.000Z', escrowedAt: null },
          ],
        });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('lists the keys, escrowed since when or not escrowed', async () => {
    signInAdmin('token', {
      account: 'operator',
      menus: ['operate'],
      permission: 'write',
      userType: 3,
    });
    renderWithApp(<DeviceKeyEscrow deviceId={deviceId} />);
    expect(await screen.findByRole('heading', { name: 'Data key escrow' })).toBeInTheDocument();
    const escrowed = (await screen.findByText('a1b2c3d4e5f60718')).closest('tr')!;
    expect(within(escrowed).getByText(/^Escrowed/)).toBeInTheDocument();
    const missing = screen.getByText('0011223344556677').closest('tr')!;
    expect(within(missing).getByText('Not escrowed')).toBeInTheDocument();
    expect(calls).toEqual(['/api/kss/escrow/device']);
  });

  it('is not shown to a duty that may not read it', () => {
    signInAdmin('token', { account: 'x', menus: [], permission: 'read', userType: 3 });
    const { container } = renderWithApp(<DeviceKeyEscrow deviceId={deviceId} />);
    expect(container).toBeEmptyDOMElement();
    expect(calls).toEqual([]);
  });
});
