import type { TCommandItem, TTaskItem } from '@edp/shared/contracts/tasks';

/** Answers and rows the task screens' tests share. */
export const ok = (data: unknown) =>
  new Response(JSON.stringify({ success: true, errCode: 0, msg: 'OK', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

export const refused = (errCode: number, msg: string, status = 409) =>
  new Response(JSON.stringify({ success: false, errCode, msg, data: null }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const TASK_ID = '00000000-0000-4000-8000-0000000000a1';
export const DEVICE_ID = '00000000-0000-4000-8000-0000000000d1';
export const USER_ID = '00000000-0000-4000-8000-0000000000u1'.replace('u', 'e');

export const counts = (over: Partial<TTaskItem['counts']> = {}): TTaskItem['counts'] => ({
  waiting: 0,
  processing: 0,
  finished: 0,
  failed: 0,
  timeout: 0,
  cancelled: 0,
  ...over,
});

export const task = (over: Partial<TTaskItem> = {}): TTaskItem => ({
  id: TASK_ID,
  name: 'Encrypt /srv/shares',
  type: 'tde.encrypt',
  args: { path: '/srv/shares' },
  status: 'processing',
  total: 4,
  counts: counts({ finished: 1, failed: 1, processing: 1, waiting: 1 }),
  error: 'The folder does not exist',
  operator: { id: USER_ID, account: 'operator' },
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:01:00.000Z',
  expiresAt: '2026-11-21T08:00:00.000Z',
  ...over,
});

export const command = (over: Partial<TCommandItem> = {}): TCommandItem => ({
  id: '00000000-0000-4000-8000-0000000000c1',
  taskId: TASK_ID,
  taskName: 'Encrypt /srv/shares',
  deviceId: DEVICE_ID,
  deviceName: 'srv-01',
  type: 'tde.encrypt',
  args: { path: '/srv/shares' },
  state: 'failed',
  code: -7,
  message: 'The folder does not exist',
  attempt: 1,
  operator: 'operator',
  createdAt: '2026-11-20T08:00:00.000Z',
  deliveredAt: '2026-11-20T08:00:01.000Z',
  finishedAt: '2026-11-20T08:00:02.000Z',
  deadline: '2026-11-21T08:00:00.000Z',
  ...over,
});

export const operator = {
  id: USER_ID,
  account: 'operator',
  menus: ['operate'],
  permission: 'write',
  userType: 3,
};
