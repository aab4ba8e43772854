import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { dutiesOf, pathWith, type ConsoleAccess } from '@edp/shared/api/define';
import { CALLS, type CallName } from '@edp/shared/api/registry';
import type { MenuMode } from '@edp/shared/permissions';
import { consoleProxies, consoleRoles, consoleUsers } from '../../platform/db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, pwd, setupTenant } from '../../test/console-fixture.ts';

/**
 * The permission matrix: every console call of the registry × every kind of actor. `Record`
 * makes the compiler demand a sample for each console call, so a new call cannot be forgotten.
 */
type ConsoleCall = {
  [K in CallName]: (typeof CALLS)[K]['access'] extends { who: 'console' } ? K : never;
}[CallName];
const consoleCalls = (Object.keys(CALLS) as CallName[]).filter(
  (name): name is ConsoleCall => CALLS[name].access.who === 'console',
);
const accessOf = (call: ConsoleCall) => CALLS[call].access as ConsoleAccess;
interface Ids {
  tenantId: string;
  user: string;
  role: string;
  group: string;
  proxy: string;
}
/** An age recipient of the right shape (the key calls' deliveries). */
const MATRIX_RECIPIENT = `age1${'q'.repeat(58)}`;
const samples: Record<ConsoleCall, (ids: Ids) => object> = {
  autoLoginToken: () => ({ ng: 0 }),
  consoleLogout: () => ({}),
  loginSettings: () => ({}),
  saveLoginSettings: () => ({
    picCodeTag: false,
    pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
    expireDays: 0,
    lockCount: 10,
    sms: false,
    mailCode: false,
  }),
  myInfo: () => ({}),
  updateMyName: () => ({ name: 'Me' }),
  updateMyPassword: () => ({ oldPassword: pwd('Wrong#123'), newPassword: pwd('Other#1234') }),
  updateMyPhone: () => ({ password: pwd('Wrong#123'), phone: '13800138000' }),
  userList: () => ({}),
  addUser: (i) => ({
    account: 'matrix',
    name: 'M',
    password: pwd('Matrix#123'),
    roleId: i.role,
    groupId: i.group,
  }),
  editUser: (i) => ({ id: i.user, jobNo: 'J1' }),
  deleteUser: (i) => ({ id: i.user }),
  recoverUser: (i) => ({ id: i.user }),
  purgeUser: (i) => ({ id: i.user }),
  moveUsers: (i) => ({ ids: [i.user], groupId: i.group }),
  resetUserPassword: (i) => ({ id: i.user, password: pwd('Reset#1234') }),
  roleList: () => ({}),
  addRole: (i) => ({
    name: 'matrix',
    menu: 'operate',
    permission: 'read',
    groupIds: [i.group],
  }),
  editRole: (i) => ({ id: i.role, permission: 'read' }),
  deleteRole: (i) => ({ id: i.role }),
  groupList: () => ({}),
  addGroup: (i) => ({ name: 'matrix', parentId: i.group }),
  editGroup: (i) => ({ id: i.group, leader: 'L' }),
  deleteGroup: (i) => ({ id: i.group }),
  escrowGroup: (i) => ({ id: i.group, toGroupId: i.group, mode: 'sibling' }),
  endEscrow: (i) => ({ id: i.group }),
  proxyList: () => ({}),
  addProxy: (i) => ({
    userId: i.user,
    roleId: i.role,
    startAt: '2030-01-01T00:00:00Z',
    endAt: '2030-02-01T00:00:00Z',
  }),
  editProxy: (i) => ({
    id: i.proxy,
    startAt: '2030-01-01T00:00:00Z',
    endAt: '2030-02-01T00:00:00Z',
  }),
  deleteProxy: (i) => ({ id: i.proxy }),
  auditLog: () => ({}),
  auditActionList: () => ({}),
  exportAuditLog: () => ({}),
  deviceList: () => ({}),
  deprecatedDeviceList: () => ({}),
  exportDevices: (i) => ({ groupId: i.group }),
  deviceDetail: (i) => ({ id: i.group }),
  deviceActivity: (i) => ({ id: i.group }),
  addDevice: (i) => ({
    name: 'matrix',
    groupId: i.group,
    kind: 'TDE',
    systemType: 'Linux',
    ip: '10.0.0.1',
  }),
  editDevice: (i) => ({ id: i.group, remark: 'r' }),
  allowReenrol: (i) => ({ id: i.group }),
  previewDevices: (i) => ({ action: 'deprecate', target: { ids: [i.group] } }),
  deprecateDevices: (i) => ({ target: { ids: [i.group] } }),
  moveDevices: (i) => ({ target: { ids: [i.group] }, groupId: i.group }),
  purgeDevices: (i) => ({ target: { ids: [i.group] } }),
  enrolSecretList: (i) => ({ groupId: i.group }),
  addEnrolSecret: (i) => ({ groupId: i.group, name: 'matrix' }),
  revokeEnrolSecret: (i) => ({ id: i.group }),
  rotateEnrolSecret: (i) => ({ groupId: i.group }),
  deviceOverview: () => ({}),
  installerList: () => ({}),
  releasedVersions: () => ({}),
  uploadInstaller: () => ({
    fileName: 'matrix.zip',
    file: Buffer.from('PK\x03\x04matrix').toString('base64'),
    name: 'matrix',
    version: '1.0.0',
    kind: 'TDE',
    systemVersion: 'Linux',
  }),
  deleteInstaller: (i) => ({ id: i.group }),
  downloadInstaller: () => ({}),
  addTdeFolder: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  removeTdeFolder: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  seProtect: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  seUnprotect: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  addDpiFolder: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  removeDpiFolder: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  resetDpi: (i) => ({ target: { ids: [i.group] }, path: '/srv/matrix' }),
  upgradeEngines: (i) => ({ target: { ids: [i.group] } }),
  previewTask: (i) => ({ target: { ids: [i.group] } }),
  taskList: () => ({}),
  taskOperators: () => ({}),
  taskInfo: (i) => ({ id: i.group }),
  taskLogs: (i) => ({ taskId: i.group }),
  taskLogInfo: (i) => ({ id: i.group }),
  refreshTask: (i) => ({ id: i.group }),
  cancelTask: (i) => ({ id: i.group }),
  retryTask: (i) => ({ id: i.group }),
  viewFolder: (i) => ({ deviceId: i.group, path: '/srv' }),
  viewProgram: (i) => ({ deviceId: i.group, path: '/usr/bin/env' }),
  authoriseProgram: (i) => ({ deviceId: i.group, path: '/usr/bin/env' }),
  revokeProgram: (i) => ({ deviceId: i.group, path: '/usr/bin/env' }),
  authorisedPrograms: (i) => ({ deviceId: i.group }),
  engineVersion: (i) => ({ deviceId: i.group }),
  watchEngine: (i) => ({ deviceId: i.group }),
  askElevation: (i) => ({ deviceId: i.group, window: { hours: 1 }, reason: 'maintenance' }),
  askLearning: (i) => ({ deviceId: i.group, window: { hours: 1 }, reason: 'new app' }),
  withdrawAck: (i) => ({ id: i.group }),
  myAckList: () => ({}),
  ackReviewList: () => ({}),
  ackInfo: (i) => ({ id: i.group }),
  ackCheck: (i) => ({ id: i.group, approve: false, reason: 'no' }),
  ackGetSettings: () => ({}),
  ackSetSettings: () => ({ maxWindowS: 86_400, pendingExpiryHours: 72 }),
  adjustWindow: (i) => ({ id: i.group, window: { minutes: 5 } }),
  endLearning: (i) => ({ id: i.group }),
  learnedPrograms: (i) => ({ deviceId: i.group }),
  authoriseLearned: (i) => ({ deviceId: i.group, paths: ['/usr/bin/app'] }),
  activationRequest: (i) => ({ deviceId: i.group, months: 12 }),
  renewalRequest: (i) => ({ deviceId: i.group, months: 12 }),
  requestArchive: (i) => ({ target: { ids: [i.group] }, months: 12 }),
  activate: (i) => ({ deviceId: i.group, certificate: 'x' }),
  renew: (i) => ({ deviceId: i.group, certificate: 'x' }),
  finalize: () => ({ certificates: [{ fileName: 'a.lic', text: 'x' }] }),
  heldLicence: (i) => ({ deviceId: i.group }),
  tenantLicences: () => ({}),
  deviceLicenceRecords: (i) => ({ deviceId: i.group }),
  monitorLog: (i) => ({ groupId: i.group }),
  overviewActivity: () => ({ range: '7d', top: 5 }),
  accessLog: (i) => ({ groupId: i.group }),
  exportMonitorLog: (i) => ({ groupId: i.group }),
  exportAccessLog: (i) => ({ groupId: i.group }),
  dpiAlters: (i) => ({ id: i.group }),
  alertList: (i) => ({ groupId: i.group }),
  alertHandlePreview: () => ({ filter: {}, state: 'seen' }),
  handleAlerts: () => ({ ids: ['1'], state: 'seen' }),
  logRules: () => ({}),
  setLogRules: () => ({ rules: [] }),
  logSettings: () => ({}),
  setLogSettings: () => ({ retentionMonths: 6, backup: true }),
  logBackups: () => ({}),
  auditRetention: () => ({}),
  setAuditRetention: () => ({ retentionMonths: 12 }),
  smsSettings: () => ({}),
  setSmsSettings: () => ({ mode: 'off' }),
  testSms: () => ({ phone: '13800138000' }),
  warnSettings: () => ({}),
  setWarnSettings: () => ({
    enabled: false,
    maxReminders: 3,
    intervalMinutes: 60,
    language: 'zh-CN',
    timeZone: 'UTC',
    text: '',
    causes: [],
    offlineMinutes: 30,
    channels: [],
    phones: [],
    emails: [],
    webhookUrl: '',
  }),
  testWarning: () => ({}),
  warnDeliveries: () => ({}),
  reportList: () => ({}),
  makeReport: () => ({ kind: 'daily' }),
  downloadReport: () => ({ format: 'pdf' }),
  reportSchedule: () => ({}),
  setReportSchedule: () => ({
    daily: false,
    weekly: false,
    monthly: false,
    locale: 'zh-CN',
    tz: 'UTC',
  }),
  keyStatus: () => ({}),
  initKeys: () => ({}),
  splitKeys: () => ({ threshold: 2, holders: ['keys', 'admin'] }),
  cancelSplit: () => ({}),
  downloadShare: () => ({ protect: { kind: 'recipient', recipient: MATRIX_RECIPIENT } }),
  confirmShare: (i) => ({ share: `edp-share.1.${i.group}.${'A'.repeat(44)}` }),
  escrowList: () => ({}),
  deviceEscrow: (i) => ({ deviceId: i.group }),
  askRecovery: (i) => ({
    deviceId: i.group,
    reason: 'matrix',
    deliver: { kind: 'recipient', recipient: MATRIX_RECIPIENT },
  }),
  recoveryList: () => ({}),
  presentShare: (i) => ({ id: i.group, share: `edp-share.1.${i.group}.${'A'.repeat(44)}` }),
  cancelRecovery: (i) => ({ id: i.group }),
  downloadRecovery: (i) => ({ id: i.group }),
  rotateEscrowKey: () => ({}),
  finishEscrowRotation: () => ({ confirm: true }),
  rotateWindowKey: () => ({}),
  rotateDeviceKeys: (i) => ({ deviceIds: [i.group], reason: 'matrix' }),
  declareIncident: () => ({ kind: 'escrowKey', note: 'matrix' }),
  incidentList: () => ({}),
  noteIncident: (i) => ({ id: i.group, note: 'matrix' }),
  closeIncident: (i) => ({ id: i.group, note: 'matrix' }),
};
/** Calls that name an object by id: another tenant's id answers 404. */
const byId = (call: ConsoleCall) =>
  Object.keys(samples[call]({ tenantId: '', user: 'u', role: 'r', group: 'g', proxy: 'p' })).some(
    (k) => /^(id|ids|roleId|userId|groupId)$/.test(k),
  );

/** Makes a call as the registry declares it: GET with its path filled in, or POST with a sample. */
function injectCall(
  ctx: TestContext,
  call: ConsoleCall,
  ids: Ids,
  headers: Record<string, string>,
) {
  const c = CALLS[call];
  // A GET call's sample is its query (the device export's group).
  const query =
    c.method === 'GET'
      ? new URLSearchParams(samples[call](ids) as Record<string, string>).toString()
      : '';
  return c.method === 'GET'
    ? ctx.app.inject({
        method: 'GET',
        // `type` names an installer and `id` a report: a group's id is none (404), whatever the
        // tenant.
        url: `/api${pathWith(c, { owner: ids.tenantId, type: ids.group || randomUUID(), id: ids.group || randomUUID() })}${query ? `?${query}` : ''}`,
        headers,
      })
    : ctx.app.inject({
        method: 'POST',
        url: `/api${c.path}`,
        payload: samples[call](ids),
        headers,
      });
}

const host = 'acme.example';
const hostB = 'other.example';

describe('permission matrix', () => {
  let ctx: TestContext;
  let tenantA: string;
  let tenantB: string;
  /** Ids that exist nowhere: a permitted destructive call then answers 404 and changes nothing. */
  const ghost = (tenantId: string): Ids => ({
    tenantId,
    user: randomUUID(),
    role: randomUUID(),
    group: randomUUID(),
    proxy: randomUUID(),
  });
  let realA: Ids;
  const actors: {
    name: string;
    tenantId: string;
    userId: string;
    duties: MenuMode[];
    writes: boolean;
  }[] = [];

  async function request(tenantId: string, userId: string, call: ConsoleCall, ids: Ids, h = host) {
    const token = await ctx.app.platform.sessions.create({
      kind: 'user',
      subjectId: userId,
      tenantId,
    });
    const headers = { host: h, 'x-token': token };
    const res = await injectCall(ctx, call, ids, headers);
    const body = String(res.headers['content-type']).startsWith('application/json')
      ? res.json()
      : { errCode: 0 };
    return { status: res.statusCode, errCode: body.errCode as number };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    tenantA = await setupTenant(ctx.app, host);
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    tenantB = await setupTenant(ctx.app, hostB, {
      allDuties: false,
      prefix: 'b-',
      headers: { 'x-token': saToken },
    });
    const db = ctx.app.platform.db;
    const users = await db.select().from(consoleUsers);
    const roles = await db.select().from(consoleRoles);
    const idOf = (account: string) => users.find((u) => u.account === account)!;
    const roleOf = (tenantId: string, menu: MenuMode) =>
      roles.find((r) => r.tenantId === tenantId && r.menu === menu)!;
    for (const [account, duty] of [
      ['admin', 'system'],
      ['keys', 'kss'],
      ['operator', 'operate'],
      ['auditor', 'audit'],
    ] as const) {
      actors.push({
        name: account,
        tenantId: tenantA,
        userId: idOf(account).id,
        duties: [duty],
        writes: true,
      });
    }
    // A read-only system role, and two key managers acting for the system administrator:
    // one inside the proxy window, one after it ended.
    const hash = await ctx.app.platform.passwords.hash(pwd(PASSWORD));
    const [reader] = await db
      .insert(consoleRoles)
      .values({ tenantId: tenantA, name: 'reader', menu: 'system', permission: 'read' })
      .returning();
    const add = async (account: string, roleId: string) =>
      (
        await db
          .insert(consoleUsers)
          .values({ tenantId: tenantA, account, name: account, passwordHash: hash, roleId })
          .returning()
      )[0]!.id;
    const readerId = await add('reader', reader!.id);
    const inside = await add('proxy-in', roleOf(tenantA, 'kss').id);
    const outside = await add('proxy-out', roleOf(tenantA, 'kss').id);
    const day = 86_400_000;
    const [proxy] = await db
      .insert(consoleProxies)
      .values([
        {
          tenantId: tenantA,
          userId: inside,
          roleId: roleOf(tenantA, 'system').id,
          startAt: new Date(Date.now() - day),
          endAt: new Date(Date.now() + day),
        },
        {
          tenantId: tenantA,
          userId: outside,
          roleId: roleOf(tenantA, 'system').id,
          startAt: new Date(Date.now() - 2 * day),
          endAt: new Date(Date.now() - day),
        },
      ])
      .returning();
    actors.push({
      name: 'reader (system, read-only)',
      tenantId: tenantA,
      userId: readerId,
      duties: ['system'],
      writes: false,
    });
    actors.push({
      name: 'proxy inside its window',
      tenantId: tenantA,
      userId: inside,
      duties: ['kss', 'system'],
      writes: true,
    });
    actors.push({
      name: 'proxy outside its window',
      tenantId: tenantA,
      userId: outside,
      duties: ['kss'],
      writes: true,
    });
    realA = {
      tenantId: tenantA,
      user: idOf('operator').id,
      role: roleOf(tenantA, 'operate').id,
      group: '',
      proxy: proxy!.id,
    };
  });
  afterAll(() => ctx.close());

  it('admits each call exactly for the duties its declaration names, and 403 for the rest', async () => {
    const calls = consoleCalls;
    for (const actor of actors) {
      for (const call of calls) {
        const access = accessOf(call);
        const allowed =
          !!access.self ||
          (dutiesOf(access).some((d) => actor.duties.includes(d)) &&
            (!access.write || actor.writes));
        const res = await request(actor.tenantId, actor.userId, call, ghost(actor.tenantId));
        const outcome =
          res.status === 403 && res.errCode === CommonErr.Forbidden ? 'denied' : 'allowed';
        expect
          .soft(`${actor.name} ${call} → ${outcome} (${res.status} ${res.errCode})`)
          .toBe(
            `${actor.name} ${call} → ${allowed ? 'allowed' : 'denied'} (${res.status} ${res.errCode})`,
          );
        expect.soft(res.errCode, `${actor.name} ${call}`).not.toBe(CommonErr.SessionExpired);
        expect.soft(res.status, `${actor.name} ${call}`).toBeLessThan(500);
      }
    }
  });

  it('keeps the four duties apart (pinned independently of the table)', async () => {
    const a = (name: string) => actors.find((x) => x.name === name)!;
    const status = async (name: string, call: ConsoleCall) =>
      (await request(tenantA, a(name).userId, call, ghost(tenantA))).status;
    // The system administrator reads the audit duty's own entries (audit-readers.test.ts).
    expect(await status('admin', 'auditLog')).toBe(200);
    expect(await status('operator', 'auditLog')).toBe(403);
    expect(await status('auditor', 'userList')).toBe(403);
    expect(await status('auditor', 'addUser')).toBe(403);
    expect(await status('keys', 'roleList')).toBe(403);
    expect(await status('operator', 'groupList')).toBe(200);
    expect(await status('operator', 'addGroup')).toBe(403);
    expect(await status('auditor', 'auditLog')).toBe(200);
  });

  it("answers 404 to another tenant's user for every call naming this tenant's objects", async () => {
    const superB = (await ctx.app.platform.db.select().from(consoleUsers)).find(
      (u) => u.account === 'b-admin',
    )!;
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/group/add',
      payload: { name: 'a-group' },
      headers: {
        host,
        'x-token': await ctx.app.platform.sessions.create({
          kind: 'user',
          subjectId: actors[0]!.userId,
          tenantId: tenantA,
        }),
      },
    });
    realA.group = added.json().data.id;
    for (const call of consoleCalls.filter((c) => byId(c) || CALLS[c].method === 'GET')) {
      const res = await request(tenantB, superB.id, call, realA, hostB);
      expect.soft(`${call} → ${res.status}`).toBe(`${call} → 404`);
    }
    // And B's lists hold none of A's data.
    const token = await ctx.app.platform.sessions.create({
      kind: 'user',
      subjectId: superB.id,
      tenantId: tenantB,
    });
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/ug/list',
      payload: {},
      headers: { host: hostB, 'x-token': token },
    });
    expect(list.json().data.list.map((u: { account: string }) => u.account)).toEqual(['b-admin']);
  });

  it('answers -10002 to every console call without a session', async () => {
    for (const call of consoleCalls) {
      const res = await injectCall(ctx, call, ghost(tenantA), { host });
      expect.soft(`${call} ${res.json().errCode}`).toBe(`${call} ${CommonErr.SessionExpired}`);
    }
  });
});
