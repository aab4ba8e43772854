import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { changeLanguage } from '../../../locales/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { signInAdmin, type AdminSession } from '../../../lib/session.ts';
import { dialogWith } from '../../../test/dialogs.ts';
import {
  command,
  counts,
  ok,
  operator,
  task,
  TASK_ID,
  USER_ID,
} from '../../../test/console-fixtures.ts';
import AdminTaskDetailPage from './admin-task-detail-page.tsx';
import AdminTasksPage from './admin-tasks-page.tsx';

type Body = Record<string, unknown>;
const OTHER_ID = '00000000-0000-4000-8000-0000000000e2';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/tasks', element: <AdminTasksPage /> },
      { path: '/admin/tasks/:id', element: <AdminTaskDetailPage /> },
      { path: '/admin/devices/:id', element: <p>device page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the task screens', () => {
  let calls: { url: string; body: Body }[];
  let current: ReturnType<typeof task>;

  beforeEach(async () => {
    await changeLanguage('en-US');
    signInAdmin('token', operator as unknown as AdminSession);
    calls = [];
    current = task();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as Body;
        calls.push({ url, body });
        if (url === '/api/dv/m/tasks') return ok({ list: [current], total: 1 });
        if (url === '/api/dv/m/task/operators')
          return ok({
            list: [
              { id: OTHER_ID, account: 'alice' },
              { id: USER_ID, account: 'operator' },
            ],
          });
        if (url === '/api/dv/m/task/info') return ok(current);
        if (url === '/api/dv/m/task/logs')
          return ok({
            list: [
              command(),
              command({
                id: 'c2',
                deviceName: 'srv-02',
                state: 'waiting',
                code: null,
                message: null,
              }),
            ],
            total: 2,
          });
        if (url === '/api/dv/m/task/log/info')
          return ok({
            ...command(),
            engineMessage: 'ENOENT: no such directory',
            detail: { errno: -2 },
          });
        if (url === '/api/dv/m/task/cancel') {
          current = task({
            status: 'failed',
            counts: counts({ finished: 1, failed: 1, processing: 1, cancelled: 1 }),
          });
          return ok({ affected: 1 });
        }
        if (url === '/api/dv/m/task/retry') return ok({ affected: 1 });
        throw new Error(`unexpected ${url}`);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    return changeLanguage('zh-CN');
  });

  it('lists tasks with their type, path, status and progress, refreshes while one is open and stops after', async () => {
    renderAt('/admin/tasks');
    const row = (await screen.findByRole('link', { name: 'Encrypt /srv/shares' })).closest('tr')!;
    expect(row).toHaveTextContent('Encrypt folder');
    expect(row).toHaveTextContent('/srv/shares');
    expect(row).toHaveTextContent('Processing');
    expect(within(row).getByRole('img')).toHaveAccessibleName(
      '4 devices: Finished 1, Failed 1, Processing 1, Waiting 1',
    );
    expect(screen.getByRole('status')).toHaveTextContent('refreshes every 3 s');

    // The next read (3 s later) finds it over: the notice goes and no read follows.
    current = task({ status: 'failed', counts: counts({ finished: 3, failed: 1 }) });
    await waitFor(() => expect(screen.queryByText(/refreshes every/)).toBeNull(), {
      timeout: 8_000,
    });
    const reads = calls.filter((c) => c.url === '/api/dv/m/tasks').length;
    await new Promise((r) => setTimeout(r, 3_500));
    expect(calls.filter((c) => c.url === '/api/dv/m/tasks').length).toBe(reads);
    expect(calls.find((c) => c.url === '/api/dv/m/tasks')!.body).toEqual({
      page: 1,
      pageSize: 10,
    });
  });

  it('filters by any operator whose tasks the caller sees, not only those the page has shown', async () => {
    renderAt('/admin/tasks');
    await screen.findByRole('link', { name: 'Encrypt /srv/shares' });
    // Only the operator's own task is on the page; alice's come from the server's list.
    const select = screen.getByRole('combobox', { name: 'Operator' });
    await userEvent.click(select);
    await screen.findByTitle('alice');
    const shown = [...document.querySelectorAll('.ant-select-item-option')];
    expect(shown.map((o) => o.getAttribute('title'))).toEqual(['Me (operator)', 'alice']);
    await userEvent.click(await screen.findByTitle('alice'));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/dv/m/tasks').at(-1)!.body).toEqual({
        page: 1,
        pageSize: 10,
        operatorId: OTHER_ID,
      }),
    );
    expect(calls.filter((c) => c.url === '/api/dv/m/task/operators')[0]!.body).toEqual({});
  });

  it('keeps its filters and page in the address, so that a reload or a shared link shows the same tasks', async () => {
    const router = renderAt(`/admin/tasks?status=failed&operator=${OTHER_ID}&page=2`);
    await screen.findByRole('link', { name: 'Encrypt /srv/shares' });
    expect(calls.find((c) => c.url === '/api/dv/m/tasks')!.body).toEqual({
      page: 2,
      pageSize: 10,
      status: 'failed',
      operatorId: OTHER_ID,
    });
    // The filters show what the address says.
    const status = screen.getByRole('combobox', { name: 'Status' }).closest('.ant-select')!;
    expect(status).toHaveTextContent('Failed');
    // A change is written to the address, from page 1 again.
    await userEvent.click(screen.getByRole('combobox', { name: 'Task type' }));
    await userEvent.click(await screen.findByTitle('Encrypt folder'));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?status=failed&type=tde.encrypt&operator=${OTHER_ID}`,
      ),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/dv/m/tasks').at(-1)!.body).toEqual({
        page: 1,
        pageSize: 10,
        status: 'failed',
        type: 'tde.encrypt',
        operatorId: OTHER_ID,
      }),
    );
  });

  it("shows a task's results, a result's engine message, and cancels the waiting device after saying so", async () => {
    renderAt(`/admin/tasks/${TASK_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Task: Encrypt /srv/shares' }),
    ).toBeVisible();
    // The first failure's message in the summary (and in the failed device's row).
    expect(screen.getAllByText('The folder does not exist').length).toBeGreaterThan(0);
    expect(screen.getByText('First failure')).toBeVisible();
    // Retry is offered: one device failed.
    expect(screen.getByRole('button', { name: /Retry failed devices/ })).toBeVisible();

    const results = await screen.findByRole('link', { name: 'srv-01' });
    expect(results).toHaveAttribute('href', expect.stringContaining('/admin/devices/'));
    expect(results.closest('tr')).toHaveTextContent('-7');
    await userEvent.click(screen.getByRole('button', { name: 'Result details of srv-01' }));
    const drawer = await dialogWith('Command result');
    expect(await within(drawer).findByText('ENOENT: no such directory')).toBeVisible();
    expect(within(drawer).getByText(/"errno": -2/)).toBeVisible();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: /Cancel task/ }));
    const confirm = await dialogWith('Cancel the task "Encrypt /srv/shares"?');
    expect(confirm).toHaveTextContent('The 1 device still waiting will not get the command');
    await userEvent.click(within(confirm).getByRole('button', { name: /Cancel task/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/dv/m/task/cancel')?.body).toEqual({ id: TASK_ID }),
    );
    // Nothing waits any more: Cancel goes.
    const actions = screen.getByRole('group', { name: 'Task actions' });
    await waitFor(() =>
      expect(within(actions).queryByRole('button', { name: /Cancel task/ })).toBeNull(),
    );
  });

  it('offers no retry when nothing failed or timed out', async () => {
    current = task({ counts: counts({ finished: 2, processing: 2 }) });
    renderAt(`/admin/tasks/${TASK_ID}`);
    expect(await screen.findByRole('button', { name: /Cancel task|Recount/ })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Retry failed devices/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel task/ })).toBeNull();
  });
});
