import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import type { TCommandItem } from '@edp/shared/contracts/tasks';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { command, DEVICE_ID, ok, operator } from '../../../test/console-fixtures.ts';
import { ProtectedFolders } from './protected-folders.tsx';

type Body = Record<string, unknown>;

const device = {
  id: DEVICE_ID,
  name: 'srv-01',
  status: 'running',
  kind: 'TDE',
  protected: [{ path: '/srv/locked', mode: 'se', files: 2 }],
  licence: null,
  interval: 30,
} as unknown as TDeviceDetail;

/** What the server answers in each language: the engine's -13 in the reader's words. */
const REFUSAL = {
  'en-US': 'No license file is installed',
  'zh-CN': '许可证文件不存在',
} as const;

/**
 * A device's protected folders (issue 35): a folder whose encryption the engine refused stays
 * in the list as failed with the reason, and adding one warns first when the device's licence
 * does not allow the protection chosen (the server's preview), in both languages.
 */
describe("a device's protected folders", () => {
  let calls: { url: string; body: Body }[];

  const mockServer = (lang: keyof typeof REFUSAL, more: TCommandItem[] = []) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Body;
        calls.push({ url, body });
        if (url === '/api/dv/m/task/logs')
          return ok({
            list: [
              command({
                type: 'tde.encrypt',
                args: { path: '/srv/secret' },
                state: 'failed',
                code: -13,
                message: REFUSAL[lang],
              }),
              ...more,
            ],
            total: 1 + more.length,
          });
        if (url === '/api/async/m/preview') {
          // No licence on the device: encrypting is refused, write protection needs none.
          const needs = body.type === 'tde.encrypt' ? ['TDE'] : [];
          return ok({
            total: 1,
            first: [{ id: DEVICE_ID, name: 'srv-01', ip: '10.0.0.1' }],
            servedVersion: '',
            servedRelease: { state: 'unlisted', heldAs: null, notes: '', releasedAt: null },
            needs,
            unlicensed: { missing: needs.length, expired: 0, otherKind: 0 },
          });
        }
        if (url === '/api/sync/m/view/folder')
          return ok({ path: body.path, entries: [], truncated: false });
        throw new Error(`unexpected ${url}`);
      }),
    );

  beforeEach(() => {
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderTab = () =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter>
          <ProtectedFolders device={device} />
        </MemoryRouter>
      </AppProviders>,
    );

  it.each([
    ['en-US', 'Not protected', /Encrypt folder\s*Failed/, 'Reason: '],
    ['zh-CN', '未受保护', /加密目录\s*失败/, '原因：'],
  ] as const)(
    'keeps a folder whose encryption failed, with the reason (%s)',
    async (lang, notProtected, state, reason) => {
      await changeLanguage(lang);
      mockServer(lang);
      renderTab();
      const row = (await screen.findByText('/srv/secret')).closest('tr')!;
      expect(row).toHaveTextContent(notProtected);
      expect(row).toHaveTextContent(state);
      expect(row).toHaveTextContent(`${reason}${REFUSAL[lang]}`);
      // Nothing to remove on a folder that was never protected.
      expect(within(row).queryByRole('button')).toBeNull();
      // The reported folder is as it was.
      expect((await screen.findByText('/srv/locked')).closest('tr')).not.toHaveTextContent(
        notProtected,
      );
    },
  );

  it('keeps a folder whose protection is being lifted until its command ends, with nothing to press', async () => {
    await changeLanguage('en-US');
    // The engine's last report no longer names /srv/lifting (a check-in read before the folder
    // was protected, say), but the lift sent since has not ended: the engine still protects it.
    mockServer('en-US', [
      command({
        id: '9',
        type: 'se.unprotect',
        args: { path: '/srv/lifting' },
        state: 'processing',
      }),
    ]);
    renderTab();
    const row = (await screen.findByText('/srv/lifting')).closest('tr')!;
    expect(row).toHaveTextContent(/Lift write protection\s*Processing/);
    expect(row).toHaveTextContent('Write protection');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it.each([
    [
      'en-US',
      'Add protected folder',
      '1 of these devices cannot run this task',
      '1 device has no license installed',
      'This task needs an active TDE license',
      /Write protection/,
    ],
    [
      'zh-CN',
      '添加受保护目录',
      '其中 1 台设备无法执行此任务',
      '1 台设备未安装许可证',
      '此任务需要有效的 TDE 许可证',
      /写保护/,
    ],
  ] as const)(
    'warns before encrypting on a device without a licence, not before write protection (%s)',
    async (lang, add, title, reason, note, se) => {
      await changeLanguage(lang);
      mockServer(lang);
      renderTab();
      await userEvent.click(await screen.findByRole('button', { name: new RegExp(add) }));
      const dialog = await dialogWith(add);
      const alert = (await within(dialog).findByText(title)).closest<HTMLElement>(
        '[role="alert"]',
      )!;
      expect(alert).toHaveTextContent(title);
      expect(alert).toHaveTextContent(reason);
      expect(alert).toHaveTextContent(note);
      expect(calls.find((c) => c.url === '/api/async/m/preview')?.body).toEqual({
        target: { ids: [DEVICE_ID] },
        type: 'tde.encrypt',
      });

      await userEvent.click(within(dialog).getByRole('radio', { name: se }));
      await waitFor(() => expect(within(dialog).queryByText(title)).toBeNull());
      expect(calls.at(-1)?.body).toEqual({ target: { ids: [DEVICE_ID] }, type: 'se.protect' });
    },
  );
});
