import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import { ok, operator, TASK_ID } from '../../../test/console-fixtures.ts';
import type { TaskPreview, TaskTarget } from '../api/tasks.ts';
import { CreateTaskModal } from './create-task-modal.tsx';

type Body = Record<string, unknown>;

/**
 * A task from the device centre: the form checks the path as the server does, a target with no
 * filter goes to every device only once that is ticked, the preview names the devices, and a
 * destructive action asks again in plain words before it is sent; then the task's page opens.
 */
describe('the new task dialog', () => {
  let calls: { url: string; body: Body }[];
  let servedVersion: string;
  let servedRelease: TaskPreview['servedRelease'];
  let unlicensed: { missing: number; expired: number; otherKind: number };

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    servedVersion = '2.1.0';
    servedRelease = { state: 'unlisted', heldAs: null, notes: '', releasedAt: null };
    unlicensed = { missing: 0, expired: 0, otherKind: 0 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Body;
        calls.push({ url, body });
        if (url === '/api/async/m/preview')
          return ok({
            total: 3,
            first: [
              { id: 'a', name: 'srv-01', ip: '10.0.0.1' },
              { id: 'b', name: 'srv-02', ip: '10.0.0.2' },
            ],
            servedVersion,
            servedRelease,
            needs: body.type === 'tde.encrypt' ? ['TDE'] : [],
            unlicensed,
          });
        if (url === '/api/async/m/tde/folder/remove') return ok({ taskId: TASK_ID, total: 3 });
        if (url === '/api/async/m/tde/folder/add') return ok({ taskId: TASK_ID, total: 3 });
        if (url === '/api/async/m/engine/upgrade') return ok({ taskId: TASK_ID, total: 3 });
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  const renderModal = (needsEvery: boolean, target: TaskTarget = { filter: {} }) => {
    const router = createMemoryRouter(
      [
        {
          path: '/admin/devices',
          element: (
            <CreateTaskModal
              open
              target={target}
              needsEvery={needsEvery}
              targetText="Every running device that matches the filters"
              onClose={() => {}}
            />
          ),
        },
        { path: '/admin/tasks/:id', element: <p>task page</p> },
      ],
      { initialEntries: ['/admin/devices'] },
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    return router;
  };

  it('sends a decryption to every device only when ticked, after the preview and a plain second question', async () => {
    const router = renderModal(true);
    const dialog = await dialogWith('New task');
    expect(dialog).toHaveTextContent('Every running device in your groups');

    await userEvent.type(within(dialog).getByLabelText('Folder path'), 'srv/shares');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));
    // (antd's messages fade in: in the page, not yet visible.)
    expect(
      await within(dialog).findByText('Please confirm every device, or set a filter first'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Must be an absolute path/)).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose an action')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await userEvent.click(
      within(dialog).getByRole('checkbox', { name: 'Yes, send it to every device' }),
    );
    await userEvent.clear(within(dialog).getByLabelText('Folder path'));
    await userEvent.type(within(dialog).getByLabelText('Folder path'), ' /srv/shares ');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Action' }));
    await userEvent.click((await screen.findAllByTitle('Decrypt folder'))[0]!);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));

    await waitFor(() => expect(dialog).toHaveTextContent('This goes to 3 devices.'));
    expect(calls[0]).toEqual({
      url: '/api/async/m/preview',
      body: { target: { every: true }, type: 'tde.decrypt' },
    });
    // Decrypting needs no licence: no warning.
    expect(dialog).not.toHaveTextContent('cannot run this task');
    expect(within(dialog).getByRole('list', { name: 'The first by name:' })).toHaveTextContent(
      'srv-01 (10.0.0.1)srv-02 (10.0.0.2)',
    );
    expect(dialog).toHaveTextContent('and 1 more.');
    expect(dialog).toHaveTextContent(
      'Decrypting writes the files of /srv/shares back in clear on 3 devices',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    const again = await dialogWith('Decrypt folder?');
    expect(again).toHaveTextContent('back in clear on 3 devices');
    await userEvent.click(within(again).getByRole('button', { name: 'Decrypt folder' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tasks/${TASK_ID}`));
    expect(calls[1]).toEqual({
      url: '/api/async/m/tde/folder/remove',
      body: { target: { every: true }, path: '/srv/shares', expiresInHours: 24 },
    });
  });

  it('upgrades the outdated engines to the served version: no path, the version in the preview', async () => {
    const router = renderModal(false, { filter: { outdated: true } });
    const dialog = await dialogWith('New task');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Action' }));
    await userEvent.click((await screen.findAllByTitle('Upgrade engine'))[0]!);
    // An upgrade asks for no folder.
    await waitFor(() => expect(within(dialog).queryByLabelText('Folder path')).toBeNull());
    expect(dialog).toHaveTextContent('An upgrade needs no path');
    expect(dialog).toHaveTextContent('the task is named after the version');

    // No engine built: nothing to upgrade to, said plainly, and nothing can be made.
    servedVersion = '';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));
    await waitFor(() => expect(dialog).toHaveTextContent('This console has no engine file built'));
    expect(within(dialog).getByRole('button', { name: 'Create task' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));

    // The vendor holds the version back: said why, and nothing can be made.
    servedVersion = '2.1.0';
    servedRelease = { state: 'held', heldAs: 'withdrawn', notes: '', releasedAt: null };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));
    await waitFor(() =>
      expect(dialog).toHaveTextContent('The vendor has not released version 2.1.0 (withdrawn)'),
    );
    expect(within(dialog).getByRole('button', { name: 'Create task' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));

    // Released: its notes shown, and the upgrade made.
    servedRelease = {
      state: 'released',
      heldAs: null,
      notes: 'Faster encryption',
      releasedAt: '2026-11-20T08:00:00.000Z',
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));
    await waitFor(() => expect(dialog).toHaveTextContent('This goes to 3 devices.'));
    expect(dialog).toHaveTextContent('Release notes of 2.1.0 (released 2026-11-20):');
    expect(dialog).toHaveTextContent('Faster encryption');
    expect(dialog).toHaveTextContent('upgraded to 2.1.0, the version this console serves');
    expect(calls.at(-1)).toEqual({
      url: '/api/async/m/preview',
      body: { target: { filter: { outdated: true } }, type: 'engine.upgrade' },
    });
    // Not destructive: no second question.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tasks/${TASK_ID}`));
    expect(calls.at(-1)).toEqual({
      url: '/api/async/m/engine/upgrade',
      body: { target: { filter: { outdated: true } }, expiresInHours: 24 },
    });
  });

  it.each([
    [
      'en-US',
      'New task',
      'Folder path',
      'Encrypt folder',
      'Preview devices',
      'Create task',
      [
        '2 of these devices cannot run this task',
        '1 device has no license installed',
        "1 device's license has expired",
        'This task needs an active TDE license',
        'You can still send it',
      ],
    ],
    [
      'zh-CN',
      '新建任务',
      '目录路径',
      '加密目录',
      '预览范围',
      '创建任务',
      [
        '其中 2 台设备无法执行此任务',
        '1 台设备未安装许可证',
        '1 台设备的许可证已过期',
        '此任务需要有效的 TDE 许可证',
        '仍可发送',
      ],
    ],
  ] as const)(
    'warns before encrypting that devices without a licence will refuse it, and may still send it (%s)',
    async (lang, title, pathLabel, action, previewButton, submit, words) => {
      await changeLanguage(lang);
      unlicensed = { missing: 1, expired: 1, otherKind: 0 };
      const router = renderModal(false, { ids: ['a', 'b', 'c'] });
      const dialog = await dialogWith(title);
      await userEvent.type(within(dialog).getByLabelText(pathLabel), '/srv/shares');
      await userEvent.click(within(dialog).getByRole('combobox'));
      await userEvent.click((await screen.findAllByTitle(action))[0]!);
      await userEvent.click(within(dialog).getByRole('button', { name: previewButton }));

      const alert = (await within(dialog).findByText(words[0])).closest<HTMLElement>(
        '[role="alert"]',
      )!;
      for (const w of words) expect(alert).toHaveTextContent(w);
      // Another kind is not said when none is.
      expect(alert.querySelectorAll('li')).toHaveLength(2);
      expect(calls[0]!.body).toEqual({ target: { ids: ['a', 'b', 'c'] }, type: 'tde.encrypt' });

      await userEvent.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tasks/${TASK_ID}`));
      expect(calls.at(-1)!.url).toBe('/api/async/m/tde/folder/add');
    },
  );
});
