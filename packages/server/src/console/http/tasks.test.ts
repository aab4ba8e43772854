import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPushCommands, type TCheckInAnswer } from '@edp/shared/contracts/agent';
import type { TCommandAnswer } from '@edp/shared/contracts/commands';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import type { TDeviceList } from '@edp/shared/contracts/devices';
import type {
  TCommandDetail,
  TCommandList,
  TTaskItem,
  TTaskList,
} from '@edp/shared/contracts/tasks';
import { AgentErr, CommandErr, CommonErr } from '@edp/shared/errors';
import {
  call,
  createPeerApp,
  createTestApp,
  testRedisUrl,
  type TestContext,
} from '../../test/harness.ts';
import {
  NEW_PASSWORD,
  PASSWORD,
  as,
  commandMade,
  pwd,
  setupTenant,
  signIn,
} from '../../test/console-fixture.ts';

const host = 'tasks.example';
const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' };
const identity = (name: string) => ({
  name,
  ip: '10.9.0.1',
  systemType: 'Linux',
  version: '1.0.0',
  kind: 'TDE' as const,
  fingerprint: randomBytes(32).toString('hex'),
});
const HOUR = 3_600_000;

/**
 * Tasks and commands through the console's calls and the engine protocol (docs/commands.md):
 * engines are played by the test with the protocol's own calls, on a clock moved by hand.
 */
describe('commands and tasks', () => {
  let ctx: TestContext;
  let op: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let groupA: string;
  let groupB: string;
  let now = Date.parse('2026-11-26T08:00:00Z');
  const clock = () => now;
  const engines: Record<string, { id: string; token: string }> = {};

  const checkIn = (name: string, results: unknown[] = [], app = ctx.app) =>
    call<TCheckInAnswer>(
      app,
      '/agent/checkin',
      { state, results },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
  const results = (name: string, given: unknown[]) =>
    call<{ acknowledged: string[] }>(
      ctx.app,
      '/agent/results',
      { results: given },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
  const task = async (id: string) => (await op<TTaskItem>('/dv/m/task/info', { id })).body.data!;
  /** A security operator whose role covers one group only, signed in. */
  const scopedOperator = async (account: string, groupId: string) => {
    const role = await admin<{ id: string }>('/user/role/add', {
      name: `${account}-role`,
      menu: 'operate',
      permission: 'write',
      groupIds: [groupId],
    });
    const added = await admin('/user/add', {
      account,
      name: account,
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
      groupId,
    });
    expect(added.body).toMatchObject({ success: true });
    return as(ctx.app, host, await signIn(ctx.app, host, account));
  };

  beforeAll(async () => {
    ctx = await createTestApp(
      { REDIS_URL: testRedisUrl, SYNC_WAIT_MS: '1500' },
      undefined,
      undefined,
      clock,
    );
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
    groupA = (await admin<{ id: string }>('/user/group/add', { name: 'Finance' })).body.data!.id;
    groupB = (await admin<{ id: string }>('/user/group/add', { name: 'Lab' })).body.data!.id;
    for (const [group, names] of [
      [groupA, ['fin-01', 'fin-02']],
      [groupB, ['lab-01']],
    ] as const) {
      const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
        .data!.secret;
      for (const name of names) {
        const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
          secret,
          identity: identity(name),
          state,
        });
        engines[name] = { id: made.body.data!.deviceId, token: made.body.data!.token };
      }
    }
    now += 2_000;
    for (const name of Object.keys(engines)) await checkIn(name);
  });
  afterAll(() => ctx.close());

  it('previews, then protects a folder on the devices of a filter only, and counts each result once', async () => {
    const target = { filter: { groupId: groupA } };
    const preview = await op<{ total: number; first: { name: string }[] }>('/async/m/preview', {
      target,
    });
    expect(preview.body.data).toMatchObject({
      total: 2,
      first: [{ name: 'fin-01' }, { name: 'fin-02' }],
    });

    const made = await op<{ taskId: string; total: number }>('/async/m/tde/folder/add', {
      target,
      path: '/srv/finance',
    });
    expect(made.body).toMatchObject({ success: true, data: { total: 2 } });
    const taskId = made.body.data!.taskId;
    const madeAt = now;
    expect(await task(taskId)).toMatchObject({
      name: '/srv/finance',
      type: 'tde.encrypt',
      status: 'waiting',
      total: 2,
      counts: { waiting: 2, processing: 0 },
    });

    // The lab's engine gets nothing; each finance engine gets its command, with a deadline.
    now += 1_500;
    expect((await checkIn('lab-01')).body.data!.commands).toEqual([]);
    const first = (await checkIn('fin-01')).body.data!.commands;
    expect(first).toEqual([
      expect.objectContaining({
        type: 'tde.encrypt',
        args: { path: '/srv/finance' },
        deadline: madeAt + 24 * HOUR,
      }),
    ]);
    expect((await task(taskId)).status).toBe('processing');

    // Delivered again until answered (a node that died after delivering loses nothing).
    now += 1_500;
    expect((await checkIn('fin-01')).body.data!.commands.map((c) => c.id)).toEqual([first[0]!.id]);

    // The result, sent twice (a lost acknowledgement), and once by an engine it is not for.
    const ok = { id: first[0]!.id, code: 0, message: 'encrypted 3 files', detail: { files: 3 } };
    expect((await results('lab-01', [ok])).body.data!.acknowledged).toEqual([ok.id]);
    expect((await task(taskId)).counts.finished).toBe(0);
    expect((await results('fin-01', [ok])).body.data!.acknowledged).toEqual([ok.id]);
    now += 1_500;
    const again = await checkIn('fin-01', [ok]);
    expect(again.body.data).toMatchObject({ commands: [], acknowledged: [ok.id] });

    // The other engine fails: -18, in the reader's language.
    const second = (await checkIn('fin-02')).body.data!.commands[0]!;
    await checkIn('fin-02', []);
    now += 1_500;
    await checkIn('fin-02', [{ id: second.id, code: -18, message: 'no such directory' }]);
    const ended = await task(taskId);
    expect(ended).toMatchObject({
      status: 'failed',
      counts: { waiting: 0, processing: 0, finished: 1, failed: 1 },
      error: '目录不存在',
    });

    const logs = await op<TCommandList>('/dv/m/task/logs', { taskId, state: 'failed' });
    expect(logs.body.data).toMatchObject({
      total: 1,
      list: [
        { deviceName: 'fin-02', state: 'failed', code: -18, message: '目录不存在', attempt: 1 },
      ],
    });
    const detail = await op<TCommandDetail>(
      '/dv/m/task/log/info',
      { id: second.id },
      { 'accept-language': 'en-US' },
    );
    expect(detail.body.data).toMatchObject({
      message: 'Directory missing',
      engineMessage: 'no such directory',
    });

    // Retry reaches the failed device only, under a new id; its success finishes the task.
    expect((await op<{ affected: number }>('/dv/m/task/retry', { id: taskId })).body.data).toEqual({
      affected: 1,
    });
    now += 1_500;
    expect((await checkIn('fin-01')).body.data!.commands).toEqual([]);
    const retried = (await checkIn('fin-02')).body.data!.commands;
    expect(retried).toHaveLength(1);
    expect(retried[0]!.id).not.toBe(second.id);
    now += 1_500;
    await checkIn('fin-02', [{ id: retried[0]!.id, code: 0, message: 'ok' }]);
    expect(await task(taskId)).toMatchObject({
      status: 'finished',
      counts: { finished: 2, failed: 0 },
      error: null,
    });
    // A late answer of the first attempt changes nothing.
    await results('fin-02', [{ id: second.id, code: -1, message: 'late' }]);
    expect((await op<TTaskItem>('/dv/m/task/refresh', { id: taskId })).body.data).toMatchObject({
      status: 'finished',
      counts: { finished: 2, failed: 0 },
    });
  });

  it("writes each task and command in the audit log, in the reader's words", async () => {
    const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const entries = async (lang: string, action: string) =>
      (
        await auditor<{ list: TAuditItem[] }>(
          '/owner/l/log',
          { action, pageSize: 50 },
          { 'accept-language': lang },
        )
      ).body.data!.list;
    const [zh] = await entries('zh-CN', '/async/m/tde/folder/add');
    expect(zh).toMatchObject({
      actionLabel: '添加加密目录',
      targetLabel: '2 台设备：fin-01、fin-02',
      devices: [{ name: 'fin-01' }, { name: 'fin-02' }],
    });
    const zhFields = Object.fromEntries(zh!.changes.map((c) => [c.label, c.after]));
    expect(zhFields).toMatchObject({
      命令: '加密目录',
      路径: '/srv/finance',
      '筛选：分组': 'Finance',
    });
    const [en] = await entries('en-US', '/dv/m/task/retry');
    expect(en).toMatchObject({ actionLabel: 'Retry failed devices', target: '/srv/finance' });
    expect(Object.fromEntries(en!.changes.map((c) => [c.label, c.after]))).toMatchObject({
      'Devices retried': '1',
    });
  });

  it('makes nothing of a target that matches nothing, and wants "every device" said', async () => {
    const none = await op('/async/m/dpi/folder/add', {
      target: { filter: { keyword: 'no-such-device' } },
      path: '/srv/x',
    });
    expect(none.body.errCode).toBe(CommandErr.TargetEmpty);
    const empty = await op('/async/m/dpi/folder/add', { target: { filter: {} }, path: '/srv/x' });
    expect(empty.body.errCode).toBe(CommonErr.Invalid);
    const relative = await op('/async/m/dpi/folder/add', {
      target: { every: true },
      path: 'srv/x',
    });
    expect(relative.body.errCode).toBe(CommonErr.Invalid);
    const list = await op<TTaskList>('/dv/m/tasks', { type: 'dpi.baseline' });
    expect(list.body.data!.total).toBe(0);
  });

  it('cancels what has not started, and times out what passes its deadline', async () => {
    const made = await op<{ taskId: string }>('/async/m/se/protect', {
      target: { every: true },
      path: '/srv/shared',
      name: 'Shared folder',
      expiresInHours: 1,
    });
    const taskId = made.body.data!.taskId;
    now += 1_500;
    const delivered = (await checkIn('lab-01')).body.data!.commands;
    expect(delivered).toHaveLength(1);
    const cancelled = await op<{ affected: number }>('/dv/m/task/cancel', { id: taskId });
    expect(cancelled.body.data).toEqual({ affected: 2 });
    expect((await checkIn('fin-01')).body.data!.commands).toEqual([]);
    expect(await task(taskId)).toMatchObject({
      status: 'processing',
      counts: { cancelled: 2, processing: 1 },
    });

    now += HOUR + 1;
    await ctx.app.services.engines.commands.sweep();
    // An hour on, the session has gone idle: sign in again.
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', NEW_PASSWORD));
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    expect(await task(taskId)).toMatchObject({
      status: 'timeout',
      counts: { cancelled: 2, processing: 0, timeout: 1 },
    });
    // The engine's answer after the deadline is not counted.
    await checkIn('lab-01', [{ id: delivered[0]!.id, code: 0, message: 'done late' }]);
    expect((await task(taskId)).counts).toMatchObject({ finished: 0, timeout: 1 });
    expect((await op('/dv/m/task/cancel', { id: taskId })).body.errCode).toBe(CommandErr.TaskOver);
  });

  it('answers a synchronous command with the engine, and refuses an offline or silent one', async () => {
    now += 1_500;
    for (const name of Object.keys(engines)) await checkIn(name);
    const asked = op<{ path: string; entries: unknown[]; truncated: boolean }>(
      '/sync/m/view/folder',
      { deviceId: engines['fin-01']!.id, path: '/srv' },
    );
    // The engine checks in (as the push stream would have it), runs it and answers.
    const engineRuns = async (name: string) => {
      await commandMade(op, engines[name]!.id);
      now += 1_001;
      return (await checkIn(name)).body.data?.commands[0];
    };
    const command = await engineRuns('fin-01');
    expect(command).toMatchObject({ type: 'view.folder', args: { path: '/srv' } });
    const listing = {
      path: '/srv',
      entries: [
        {
          name: 'finance',
          kind: 'dir',
          size: 4096,
          modifiedAt: '2026-11-26T07:00:00.000Z',
          protected: 'tde',
        },
      ],
      truncated: false,
    };
    await results('fin-01', [{ id: command!.id, code: 0, detail: listing }]);
    expect((await asked).body).toMatchObject({ success: true, data: listing });
    // A look into a folder is audited like any command.
    const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor', NEW_PASSWORD));
    const looked = await auditor<{ list: TAuditItem[] }>(
      '/owner/l/log',
      { action: '/sync/m/view/folder' },
      { 'accept-language': 'en-US' },
    );
    expect(looked.body.data!.list).toMatchObject([
      { target: 'fin-01', actionLabel: 'Browse device folder', result: 'success' },
    ]);

    // No answer within SYNC_WAIT_MS: withdrawn, and never delivered afterwards.
    const silent = await op('/sync/m/version', { deviceId: engines['fin-02']!.id });
    expect(silent.body).toMatchObject({ success: false, errCode: CommandErr.NoAnswer });
    now += 1_500;
    expect((await checkIn('fin-02')).body.data!.commands).toEqual([]);

    // An engine's refusal answers its own code.
    const refused = op('/sync/m/pi/add', {
      deviceId: engines['fin-01']!.id,
      path: '/usr/bin/none',
    });
    const pi = await engineRuns('fin-01');
    await results('fin-01', [{ id: pi!.id, code: -17, message: 'ENOENT' }]);
    expect((await refused).body).toMatchObject({
      errCode: -17,
      msg: '文件不存在',
      data: { engineMessage: 'ENOENT' },
    });

    // A device silent for more than three intervals is offline: answered at once.
    now += 10 * 60_000;
    const started = performance.now();
    const offline = await op('/sync/m/watch', { deviceId: engines['lab-01']!.id });
    expect(offline.body.errCode).toBe(CommandErr.DeviceOffline);
    expect(performance.now() - started).toBeLessThan(300);
  });

  it('keeps a scoped operator to the tasks and devices of their groups', async () => {
    for (const name of Object.keys(engines)) await checkIn(name);
    const lab = await scopedOperator('labop', groupB);
    // Every device, as the lab operator sees it: the lab's only.
    const made = await lab<{ taskId: string; total: number }>('/async/m/dpi/folder/add', {
      target: { every: true },
      path: '/srv/lab',
    });
    expect(made.body.data!.total).toBe(1);
    // Finance's devices by id: outside the role, not reached.
    const outside = await lab('/async/m/dpi/folder/add', {
      target: { ids: [engines['fin-01']!.id] },
      path: '/srv/lab',
    });
    expect(outside.body.errCode).toBe(CommandErr.TargetEmpty);
    const seen = await lab<TTaskList>('/dv/m/tasks', { pageSize: 50 });
    expect(seen.body.data!.list.map((t) => t.name)).toEqual(['/srv/lab', 'Shared folder']);
    const hidden = await op<TTaskList>('/dv/m/tasks', { pageSize: 50 });
    const financeOnly = hidden.body.data!.list.find((t) => t.name === '/srv/finance')!;
    expect((await lab('/dv/m/task/info', { id: financeOnly.id })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    const sharedLogs = await lab<TCommandList>('/dv/m/task/logs', {
      taskId: seen.body.data!.list[1]!.id,
    });
    expect(sharedLogs.body.data!.list.map((c) => c.deviceName)).toEqual(['lab-01']);
    expect((await lab('/sync/m/version', { deviceId: engines['fin-01']!.id })).status).toBe(403);
  });

  it('finds the engines older than the newest installer of their kind, for an upgrade', async () => {
    // (Each read asks for another page size: the list keeps a page a few seconds.)
    const outdated = async (pageSize: number) =>
      (await op<TDeviceList>('/dv/m/list', { outdated: true, pageSize })).body.data!;
    expect((await outdated(10)).total).toBe(0);
    const uploaded = await op('/dv/m/installer/add', {
      fileName: 'edp-agent_1.2.0_amd64.zip',
      file: Buffer.from('PK\x03\x04edp').toString('base64'),
      name: 'edp-agent',
      version: '1.2',
      kind: 'TDE',
      systemVersion: 'Linux',
    });
    expect(uploaded.body.success).toBe(true);
    // Every engine here reports 1.0.0 (TDE): all three are older than 1.2.
    expect((await outdated(50)).list.map((d) => d.name).sort()).toEqual([
      'fin-01',
      'fin-02',
      'lab-01',
    ]);
    // The same filter picks a task's devices.
    const preview = await op<{ total: number }>('/async/m/preview', {
      target: { filter: { outdated: true, groupId: groupA } },
    });
    expect(preview.body.data!.total).toBe(2);
  });

  it('nudges an engine over its push stream, from another node through Redis', async () => {
    const peer = await createPeerApp(ctx, { REDIS_URL: testRedisUrl }, clock);
    await peer.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = peer.server.address() as AddressInfo;
      const stream = await fetch(`http://127.0.0.1:${port}/api/agent/events`, {
        headers: { authorization: `Bearer ${engines['fin-02']!.token}` },
      });
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = stream.body!.getReader();
      const text = new TextDecoder();
      let seen = '';
      const read = async (until: RegExp) => {
        while (!until.test(seen)) {
          const { value, done } = await reader.read();
          if (done) break;
          seen += text.decode(value);
        }
        return seen;
      };
      await read(/connected/);
      const made = await op<{ taskId: string }>('/async/m/dpi/reset', {
        target: { ids: [engines['fin-02']!.id] },
        path: '/srv/finance',
      });
      expect(made.body.success).toBe(true);
      const started = performance.now();
      expect(await read(/event: checkin/)).toMatch(/event: checkin\ndata: \{\}\n\n/);
      expect(performance.now() - started).toBeLessThan(2_000);
      // The nudged engine checks in at the peer and gets its command there.
      now += 1_500;
      const answer = await checkIn('fin-02', [], peer);
      expect(answer.body.data!.commands).toEqual([
        expect.objectContaining({ type: 'dpi.reset', args: { path: '/srv/finance' } }),
      ]);
      await reader.cancel();
    } finally {
      await peer.close();
    }
  });

  it('delivers a command on the stream of an engine that takes them, from another node; a check-in inside the floor is still refused', async () => {
    const peer = await createPeerApp(ctx, { REDIS_URL: testRedisUrl }, clock);
    await peer.listen({ port: 0, host: '127.0.0.1' });
    const engine = { authorization: `Bearer ${engines['fin-02']!.token}` };
    try {
      now += 1_500;
      expect((await checkIn('fin-02')).body.success).toBe(true);
      const { port } = peer.server.address() as AddressInfo;
      const stream = await fetch(`http://127.0.0.1:${port}/api/agent/events?commands=1`, {
        headers: engine,
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const text = new TextDecoder();
      let seen = '';
      /** The next `event: commands` on the stream. */
      const nextCommands = async () => {
        const event = /event: commands\ndata: (.*)\n\n/;
        while (!event.test(seen)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended: ${seen}`);
          seen += text.decode(value);
        }
        const [written, data] = event.exec(seen)!;
        seen = seen.slice(seen.indexOf(written) + written.length);
        return ZPushCommands.parse(JSON.parse(data!));
      };
      // Its engine comes back: the command still open from before is on the stream at once.
      const before = await nextCommands();
      expect(before.commands).toEqual([expect.objectContaining({ type: 'dpi.reset' })]);
      // A synchronous command made on this node reaches the stream the peer holds, itself, with
      // the device's open commands as a check-in answer has them.
      const asked = op<TCommandAnswer<'engine.version'>>('/sync/m/version', {
        deviceId: engines['fin-02']!.id,
      });
      const event = await nextCommands();
      expect(event.now).toBe(now);
      expect(event.commands).toEqual([
        expect.objectContaining({ type: 'dpi.reset' }),
        expect.objectContaining({ type: 'engine.version', args: {}, deadline: now + 1_500 }),
      ]);
      expect(seen).not.toMatch(/event: checkin/);
      const [reset, asking] = event.commands;
      // Delivered: processing, as a check-in's answer would have made it.
      const open = await op<TCommandList>('/dv/m/task/logs', { deviceId: engines['fin-02']!.id });
      expect(open.body.data!.list[0]).toMatchObject({
        type: 'engine.version',
        state: 'processing',
      });
      // No check-in is needed for it, and a command waiting opens no way through the floor: a
      // check-in half a second after the last is refused as ever.
      now += 500;
      const early = await checkIn('fin-02');
      expect(early.status).toBe(429);
      expect(early.body.errCode).toBe(AgentErr.CheckInTooSoon);
      // The result comes with the results call (which has no floor), at either node.
      const version = {
        version: '1.0.0',
        kind: 'TDE',
        node: 'v20.19.0',
        platform: 'linux',
        arch: 'x64',
        startedAt: '2026-11-26T07:00:00.000Z',
      };
      const answered = await call<{ acknowledged: string[] }>(
        peer,
        '/agent/results',
        {
          results: [
            { id: asking!.id, code: 0, detail: version },
            { id: reset!.id, code: 0, detail: { path: '/srv/finance', cleared: 0 } },
          ],
        },
        engine,
      );
      expect(answered.body.data!.acknowledged).toEqual([asking!.id, reset!.id]);
      expect((await asked).body).toMatchObject({ success: true, data: version });
      await reader.cancel();
    } finally {
      await peer.close();
    }
  });

  it("previews an upgrade with the served version, and names each command's task", async () => {
    const target = { filter: { groupId: groupB } };
    type Preview = { total: number; servedVersion: string };
    // No engine built: no version to bring.
    const before = await op<Preview>('/async/m/preview', { target });
    expect(before.body.data).toMatchObject({ total: 1, servedVersion: '' });
    const engineFile = path.join(ctx.dataDir, 'no-engine.mjs');
    fs.writeFileSync(engineFile, '// edp-agent-version: 2.1.0\nconsole.log(1);\n');
    try {
      const preview = await op<Preview>('/async/m/preview', { target });
      expect(preview.body.data).toMatchObject({
        total: 1,
        servedVersion: '2.1.0',
        servedRelease: { state: 'unlisted', heldAs: null },
      });
      // The vendor lists 2.1.0 but only in testing: held back, the upgrade refused, no task.
      const vendor = as(
        ctx.app,
        'vendor.example',
        await ctx.app.platform.sessions.create({ kind: 'vendor', subjectId: randomUUID() }),
      );
      const listed = await vendor<{ id: string }>('/sa/ver/edit', {
        kind: 'TDE',
        systemType: 'CentOS 7',
        number: '2.1.0',
        notesZh: '更快的加密',
        notesEn: 'Faster encryption',
      });
      const version = listed.body.data!.id;
      await vendor('/sa/ver/state', { id: version, state: 'testing' });
      expect((await op<Preview>('/async/m/preview', { target })).body.data).toMatchObject({
        servedRelease: { state: 'held', heldAs: 'testing', notes: '' },
      });
      const tasksBefore = (await op<{ total: number }>('/dv/m/tasks', {})).body.data!.total;
      const refused = await op(
        '/async/m/engine/upgrade',
        { target },
        { 'accept-language': 'en-US' },
      );
      expect([refused.status, refused.body.errCode, refused.body.msg]).toEqual([
        409,
        CommandErr.VersionNotReleased,
        expect.stringContaining('2.1.0'),
      ]);
      expect((await op<{ total: number }>('/dv/m/tasks', {})).body.data!.total).toBe(tasksBefore);
      // Released: offered with its notes in the reader's language, and the upgrade goes.
      await vendor('/sa/ver/state', { id: version, state: 'released' });
      for (const [lang, notes] of [
        ['en-US', 'Faster encryption'],
        ['zh-CN', '更快的加密'],
      ] as const) {
        const offered = await op<Preview>(
          '/async/m/preview',
          { target },
          { 'accept-language': lang },
        );
        expect(offered.body.data).toMatchObject({
          servedRelease: { state: 'released', heldAs: null, notes },
        });
      }
      now += 1_000;
      const made = await op<{ taskId: string; total: number }>('/async/m/engine/upgrade', {
        target,
      });
      expect(made.body.data!.total).toBe(1);
      expect((await task(made.body.data!.taskId)).name).toBe('2.1.0');
      // The device's history names the task of each command; its detail too.
      const history = await op<TCommandList>('/dv/m/task/logs', {
        deviceId: engines['lab-01']!.id,
        pageSize: 50,
      });
      const upgrade = history.body.data!.list[0]!;
      expect(upgrade).toMatchObject({
        type: 'engine.upgrade',
        taskId: made.body.data!.taskId,
        taskName: '2.1.0',
      });
      // A command sent on its own (synchronous) belongs to no task.
      for (const c of history.body.data!.list) expect(c.taskName === null).toBe(c.taskId === null);
      const detail = await op<TCommandDetail>('/dv/m/task/log/info', { id: upgrade.id });
      expect(detail.body.data!.taskName).toBe('2.1.0');
      const ofTask = await op<TCommandList>('/dv/m/task/logs', {
        taskId: made.body.data!.taskId,
      });
      expect(ofTask.body.data!.list.map((c) => c.taskName)).toEqual(['2.1.0']);
    } finally {
      fs.rmSync(engineFile, { force: true });
    }
  });

  it('offers the operators of the tasks the caller sees, scoped as the task list', async () => {
    type Operators = { list: { id: string; account: string }[] };
    const fin = await scopedOperator('finop', groupA);
    const lab = as(ctx.app, host, await signIn(ctx.app, host, 'labop', NEW_PASSWORD));
    const made = await fin<{ taskId: string }>('/async/m/dpi/folder/add', {
      target: { ids: [engines['fin-02']!.id] },
      path: '/srv/fin-only',
    });
    expect(made.body.success).toBe(true);

    const accounts = async (who: typeof op) =>
      (await who<Operators>('/dv/m/task/operators', {})).body.data!.list.map((o) => o.account);
    // The tenant-wide operator sees every task, so every operator, once each, by account.
    expect(await accounts(op)).toEqual(['finop', 'labop', 'operator']);
    // Finance's operator sees the tasks that reached finance: not the lab's own.
    expect(await accounts(fin)).toEqual(['finop', 'operator']);
    // The lab's operator sees the lab's tasks only: finop's never reached the lab.
    expect(await accounts(lab)).toEqual(['labop', 'operator']);

    // Each one filters the list to that operator's tasks, as the caller sees them.
    const { list } = (await lab<Operators>('/dv/m/task/operators', {})).body.data!;
    for (const operator of list) {
      const tasks = await lab<TTaskList>('/dv/m/tasks', { operatorId: operator.id, pageSize: 50 });
      expect(tasks.body.data!.total).toBeGreaterThan(0);
      expect(tasks.body.data!.list.every((t) => t.operator.id === operator.id)).toBe(true);
    }
  });

  it("keeps a scoped operator's cancel, retry and counts to their groups, in a task over both", async () => {
    const fin = as(ctx.app, host, await signIn(ctx.app, host, 'finop', NEW_PASSWORD));
    const every = async (path: string) => {
      const made = await op<{ taskId: string; total: number }>('/async/m/se/protect', {
        target: { every: true },
        path,
        expiresInHours: 1,
      });
      expect(made.body.data!.total).toBe(3);
      return made.body.data!.taskId;
    };
    const finInfo = async (id: string) =>
      (await fin<TTaskItem>('/dv/m/task/info', { id })).body.data!;

    // Cancel: finance's operator ends finance's waiting commands, never the lab's.
    const waiting = await every('/srv/cancel-scope');
    expect(await finInfo(waiting)).toMatchObject({ total: 2, counts: { waiting: 2 } });
    const cancelled = await fin<{ affected: number }>('/dv/m/task/cancel', { id: waiting });
    expect(cancelled.body.data).toEqual({ affected: 2 });
    expect(await task(waiting)).toMatchObject({ counts: { waiting: 1, cancelled: 2 } });
    expect(await finInfo(waiting)).toMatchObject({
      status: 'cancelled',
      total: 2,
      counts: { waiting: 0, cancelled: 2 },
    });
    const listed = (await fin<TTaskList>('/dv/m/tasks', { pageSize: 50 })).body.data!.list;
    expect(listed.find((t) => t.id === waiting)).toMatchObject({ total: 2, status: 'cancelled' });
    // Nothing of finance's is left to cancel, whatever the lab's command does.
    expect((await fin('/dv/m/task/cancel', { id: waiting })).body.errCode).toBe(
      CommandErr.TaskOver,
    );

    // Retry: a failure on each side, and finance's operator runs finance's again only.
    const failing = await every('/srv/retry-scope');
    now += 1_500;
    for (const name of ['fin-01', 'lab-01', 'fin-02']) {
      const mine = (await checkIn(name)).body.data!.commands.filter((c) =>
        String(c.args.path ?? '').endsWith('retry-scope'),
      );
      expect(mine).toHaveLength(1);
      const code = name === 'fin-02' ? 0 : -1;
      await results(name, [{ id: mine[0]!.id, code, message: code ? 'refused' : 'done' }]);
    }
    expect(await task(failing)).toMatchObject({ counts: { failed: 2, finished: 1 } });
    expect(await finInfo(failing)).toMatchObject({
      status: 'failed',
      total: 2,
      counts: { failed: 1, finished: 1 },
    });
    const retried = await fin<{ affected: number }>('/dv/m/task/retry', { id: failing });
    expect(retried.body.data).toEqual({ affected: 1 });
    expect(await task(failing)).toMatchObject({ counts: { failed: 1, waiting: 1, finished: 1 } });
    now += 1_500;
    const again = (await checkIn('lab-01')).body.data!.commands.filter((c) =>
      String(c.args.path ?? '').endsWith('retry-scope'),
    );
    expect(again).toEqual([]);
  });

  it('counts the devices whose licence does not allow the task, by reason, for the task type asked', async () => {
    // Engines of their own group, each checking in with its own licence (last: other tests'
    // targets do not meet them).
    const group = (await admin<{ id: string }>('/user/group/add', { name: 'Licences' })).body.data!
      .id;
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    const valid = { serial: 1, expiresAt: new Date(now + 90 * 24 * HOUR).toISOString() };
    const expired = { serial: 2, expiresAt: new Date(now - 24 * HOUR).toISOString() };
    for (const [name, kind, licence] of [
      ['lic-tde', 'TDE', valid],
      ['lic-none', 'TDE', null],
      ['lic-old', 'TDE', expired],
      ['lic-dpi', 'DPI', valid],
    ] as const) {
      const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
        secret,
        identity: { ...identity(name), kind },
        state,
      });
      const token = made.body.data!.token;
      await call(
        ctx.app,
        '/agent/checkin',
        { state: { ...state, activation: licence ? 'active' : 'inactive', licence }, results: [] },
        { authorization: `Bearer ${token}` },
      );
    }
    type Preview = {
      total: number;
      needs: string[];
      unlicensed: { missing: number; expired: number; otherKind: number };
    };
    const preview = async (type?: string) =>
      (
        await op<Preview>('/async/m/preview', {
          target: { filter: { groupId: group } },
          ...(type ? { type } : {}),
        })
      ).body.data!;

    // Encrypting needs a TDE licence: one has none (-13), one expired (-12), one is DPI (-85).
    expect(await preview('tde.encrypt')).toMatchObject({
      total: 4,
      needs: ['TDE'],
      unlicensed: { missing: 1, expired: 1, otherKind: 1 },
    });
    expect(await preview('dpi.baseline')).toMatchObject({
      needs: ['DPI', 'DI'],
      unlicensed: { missing: 1, expired: 1, otherKind: 1 },
    });
    // Decrypting and write protection need none, so nothing is counted; nor without a type.
    const none = { total: 4, needs: [], unlicensed: { missing: 0, expired: 0, otherKind: 0 } };
    expect(await preview('tde.decrypt')).toMatchObject(none);
    expect(await preview('se.protect')).toMatchObject(none);
    expect(await preview()).toMatchObject(none);
  });
});
