import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../test/dialogs.ts';
import { ok, operator, TASK_ID } from '../test/task-fixtures.ts';
import type { TaskTarget } from '../api/tasks.ts';
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

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    servedVersion = '2.1.0';
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
          });
        if (url === '/api/async/m/tde/folder/remove') return ok({ taskId: TASK_ID, total: 3 });
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
    expect(calls[0]).toEqual({ url: '/api/async/m/preview', body: { target: { every: true } } });
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

    servedVersion = '2.1.0';
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview devices' }));
    await waitFor(() => expect(dialog).toHaveTextContent('This goes to 3 devices.'));
    expect(dialog).toHaveTextContent('upgraded to 2.1.0, the version this console serves');
    expect(calls.at(-1)).toEqual({
      url: '/api/async/m/preview',
      body: { target: { filter: { outdated: true } } },
    });
    // Not destructive: no second question.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/tasks/${TASK_ID}`));
    expect(calls.at(-1)).toEqual({
      url: '/api/async/m/engine/upgrade',
      body: { target: { filter: { outdated: true } }, expiresInHours: 24 },
    });
  });
});
