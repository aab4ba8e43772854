import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCheckInAnswer } from '@edp/shared/contracts/agent';
import type {
  TCertificateBatchResult,
  TInstalledLicence,
  TLicenceItem,
  TLicenceRecords,
  TRequestArchive,
  TRequestFile,
} from '@edp/shared/contracts/licences';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import type { TIssueBatchResult, TRequestBatchRead } from '@edp/shared/contracts/com';
import type { TTaskItem } from '@edp/shared/contracts/tasks';
import { CommandErr, ConsoleErr, EngineErr, FileErr } from '@edp/shared/errors';
import { parseRequestFile } from '@edp/shared/licence-request';
import { verifyCertificate } from '@edp/shared/licence/verify';
import { signLicence } from '../../portal/licence/index.ts';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany } from '../../test/portal-fixture.ts';
import {
  NEW_PASSWORD,
  PASSWORD,
  as,
  commandMade,
  pwd,
  setupTenant,
  signIn,
} from '../../test/console-fixture.ts';

const host = 'licences.example';
const DAY = 86_400_000;

/**
 * Activation and renewal through the console's calls (docs/licences.md). The engines are played
 * by the test with the protocol's own calls, and check certificates as the reference engine
 * does (the shared verifier, the vendor key); the vendor's portal is played by signing with the
 * key the test app holds.
 */
describe('activation and renewal', () => {
  let ctx: TestContext;
  let op: ReturnType<typeof as>;
  let admin: ReturnType<typeof as>;
  let groupA: string;
  let groupB: string;
  let now = Date.parse('2026-11-26T08:00:00Z');
  const clock = () => now;
  /** Each engine as it knows itself: its token, fingerprint and the licence it holds. */
  const engines: Record<
    string,
    { id: string; token: string; fingerprint: string; held?: TLicencePayload }
  > = {};
  const codes: Record<string, string> = {};

  const stateOf = (name: string) => {
    const held = engines[name]!.held;
    return {
      install: 'installed',
      detection: 'ok',
      activation: held ? 'active' : 'inactive',
      version: '1.1.0',
      licence: held
        ? { code: held.licenseCode, serial: held.serial, expiresAt: new Date(held.expiresAt) }
        : null,
    };
  };
  const checkIn = (name: string, results: unknown[] = []) =>
    call<TCheckInAnswer>(
      ctx.app,
      '/agent/checkin',
      { state: stateOf(name), results },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
  /** What the engine answers to a command, as the reference engine would. */
  const answer = (name: string, c: TCheckInAnswer['commands'][number]) => {
    const e = engines[name]!;
    if (c.type === 'licence.request')
      return {
        id: c.id,
        code: 0,
        detail: { fingerprint: e.fingerprint, kind: 'TDE', installedSerial: e.held?.serial ?? 0 },
      };
    const checked = verifyCertificate(
      c.args.certificate as string,
      ctx.app.platform.vendorKeys.publicKeyPem,
      { fingerprint: e.fingerprint, installedSerial: e.held?.serial, now },
    );
    if (!checked.ok) return { id: c.id, code: checked.errCode, message: 'refused' };
    e.held = checked.payload;
    const p = checked.payload;
    const detail = { licenseCode: p.licenseCode, serial: p.serial, kind: p.kind };
    return {
      id: c.id,
      code: 0,
      detail: { ...detail, expiresAt: new Date(p.expiresAt).toISOString() },
    };
  };
  /**
   * The engine checks in (as a nudge would have it) once the console has made the command, runs
   * what it got and answers at once. Waiting for the command by its state, not for a set time,
   * keeps a loaded machine from letting the engine check in before the command exists.
   */
  const engineRuns = async (name: string) => {
    await commandMade(op, engines[name]!.id);
    now += 1_001;
    const commands = (await checkIn(name)).body.data!.commands;
    const results = commands.map((c) => answer(name, c));
    await call(
      ctx.app,
      '/agent/results',
      { results },
      { authorization: `Bearer ${engines[name]!.token}` },
    );
    return commands;
  };
  /** A sync call answered by the engine while the caller waits. */
  const withEngine = async <T>(name: string, asked: Promise<T>) => {
    const [, done] = await Promise.all([engineRuns(name), asked]);
    return done;
  };
  /** The vendor's portal: a certificate for a request file. */
  const certify = (
    dat: string,
    o: Partial<TLicencePayload> & {
      code?: string;
      key?: ReturnType<typeof generateKeyPairSync>;
    } = {},
  ) => {
    const request = parseRequestFile(dat)!;
    const code =
      o.code ?? (codes[request.deviceId] ??= `EDP-${randomBytes(8).toString('hex').toUpperCase()}`);
    const payload: TLicencePayload = {
      ver: 1,
      licenseCode: code,
      serial: request.installedSerial + 1,
      requestId: request.requestId,
      fingerprint: request.fingerprint,
      kind: request.kind,
      issuedAt: now,
      expiresAt: now + request.monthsAsked * 30 * DAY,
      maxDevices: 1,
      ...o,
    };
    const keys = ctx.app.platform.vendorKeys;
    return signLicence(payload, o.key?.privateKey ?? keys.privateKey, keys.kid);
  };

  beforeAll(async () => {
    ctx = await createTestApp({ SYNC_WAIT_MS: '3000' }, undefined, undefined, clock);
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
        const fingerprint = randomBytes(32).toString('hex');
        engines[name] = { id: '', token: '', fingerprint };
        const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
          secret,
          identity: {
            name,
            ip: '10.9.0.1',
            systemType: 'Linux',
            version: '1.1.0',
            kind: 'TDE',
            fingerprint,
          },
          state: stateOf(name),
        });
        engines[name]!.id = made.body.data!.deviceId;
        engines[name]!.token = made.body.data!.token;
      }
    }
    now += 2_000;
    for (const name of Object.keys(engines)) await checkIn(name);
  });
  afterAll(() => ctx.close());
  /** Days pass: the engines check in meanwhile, and sessions end, so people sign in again. */
  const daysPass = async (days: number) => {
    now += days * DAY;
    for (const name of Object.keys(engines)) await checkIn(name);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    op = as(ctx.app, host, await signIn(ctx.app, host, 'operator', NEW_PASSWORD));
  };

  it('activates in four steps, then renews under the same code, each step recorded', async () => {
    const id = engines['fin-01']!.id;
    // Step 1: the request file is made of what the engine answers, not of what anyone typed.
    const asked = await withEngine(
      'fin-01',
      op<TRequestFile>('/sync/m/rd', { deviceId: id, months: 12 }),
    );
    expect(asked.body).toMatchObject({ success: true });
    const file = asked.body.data!;
    expect(file.fileName).toMatch(/^fin-01-TDE-act-[0-9a-f]{8}\.dat$/);
    expect(parseRequestFile(file.file)).toMatchObject({
      deviceId: id,
      name: 'fin-01',
      kind: 'TDE',
      fingerprint: engines['fin-01']!.fingerprint,
      installedSerial: 0,
      monthsAsked: 12,
      requestId: file.requestId,
    });
    const pending = await op<TLicenceRecords>('/dv/m/licence/records', { deviceId: id });
    expect(pending.body.data).toMatchObject({
      outstanding: [
        { requestId: file.requestId, purpose: 'activate', months: 12, createdBy: 'operator' },
      ],
      records: [],
    });

    // Steps 2 and 3 on the portal; step 4: checked here, installed by the engine, at once.
    const certificate = certify(file.file);
    const installed = await withEngine(
      'fin-01',
      op<TInstalledLicence>('/sync/m/act', { deviceId: id, certificate }),
    );
    expect(installed.body).toMatchObject({
      success: true,
      data: { licenseCode: codes[id], serial: 1, kind: 'TDE' },
    });
    const detail = (await op<TDeviceDetail>('/dv/m/info', { id })).body.data!;
    expect(detail).toMatchObject({
      activation: 'active',
      licence: { code: codes[id], serial: 1 },
    });

    // The same certificate again: the device holds a valid licence (-84); as a renewal, its
    // request has been answered (-12).
    expect((await op('/sync/m/act', { deviceId: id, certificate })).body).toMatchObject({
      errCode: EngineErr.LicenceAlreadyValid,
    });
    expect((await op('/sync/m/renew', { deviceId: id, certificate })).body).toMatchObject({
      errCode: EngineErr.InvalidLicence,
    });

    // Renewal: the request carries the serial installed; the certificate keeps the code.
    await daysPass(10);
    const renewal = (
      await withEngine(
        'fin-01',
        op<TRequestFile>('/sync/m/renew/request', { deviceId: id, months: 6 }),
      )
    ).body.data!;
    expect(renewal.installedSerial).toBe(1);
    expect(renewal.fileName).toMatch(/-renew-/);
    // Another licence's certificate for this request is refused before the engine sees it.
    const foreign = certify(renewal.file, { code: 'EDP-OTHER' });
    expect((await op('/sync/m/renew', { deviceId: id, certificate: foreign })).body).toMatchObject({
      errCode: CommandErr.OtherLicence,
    });
    // A serial not above the one installed: -84.
    const stale = certify(renewal.file, { serial: 1 });
    expect((await op('/sync/m/renew', { deviceId: id, certificate: stale })).body).toMatchObject({
      errCode: EngineErr.LicenceAlreadyValid,
    });
    const renewed = await withEngine(
      'fin-01',
      op<TInstalledLicence>('/sync/m/renew', { deviceId: id, certificate: certify(renewal.file) }),
    );
    expect(renewed.body.data).toMatchObject({ licenseCode: codes[id], serial: 2 });

    const records = (await op<TLicenceRecords>('/dv/m/licence/records', { deviceId: id })).body
      .data!;
    expect(records.outstanding).toEqual([]);
    expect(records.records).toMatchObject([
      { purpose: 'renew', serial: 2, licenseCode: codes[id], by: 'operator', taskId: null },
      { purpose: 'activate', serial: 1, licenseCode: codes[id], by: 'operator' },
    ]);
  });

  it('refuses a certificate for another device, by another key, expired, or for a request not made here, with the code that says why', async () => {
    const id = engines['fin-02']!.id;
    const file = (
      await withEngine('fin-02', op<TRequestFile>('/sync/m/rd', { deviceId: id, months: 1 }))
    ).body.data!;
    const refusals: [string, string, number][] = [
      ['empty', ' ', EngineErr.LicenceMissing],
      [
        'another key',
        certify(file.file, { key: generateKeyPairSync('ed25519') }),
        EngineErr.SignatureFailed,
      ],
      [
        'another device',
        certify(file.file, { fingerprint: engines['lab-01']!.fingerprint }),
        EngineErr.OtherSystem,
      ],
      [
        'a request not made here',
        certify(file.file, { requestId: randomBytes(16).toString('hex') }),
        EngineErr.InvalidLicence,
      ],
      [
        'expired',
        certify(file.file, { issuedAt: now - 2 * DAY, expiresAt: now - DAY }),
        EngineErr.TimeOutOfRange,
      ],
      [
        'issued in the future',
        certify(file.file, { issuedAt: now + DAY }),
        EngineErr.TimeOutOfRange,
      ],
    ];
    const reasons = new Set<string>();
    for (const [why, certificate, errCode] of refusals) {
      const refused = await op(
        '/sync/m/act',
        { deviceId: id, certificate },
        { 'accept-language': 'en-US' },
      );
      expect(refused.body, why).toMatchObject({ success: false, errCode });
      const zh = await op('/sync/m/act', { deviceId: id, certificate });
      reasons.add(zh.body.msg);
    }
    // Each reason in the reader's words, not one "许可证无效" for all (issue 35, point 16).
    expect(reasons.size).toBe(refusals.length - 1);
    expect([...reasons].join('\n')).toMatch(/另一台设备[\s\S]*已过期|已过期[\s\S]*另一台设备/);
    // A renewal of a device that holds no licence.
    expect(
      (await op('/sync/m/renew', { deviceId: id, certificate: certify(file.file) })).body,
    ).toMatchObject({
      errCode: CommandErr.NothingToRenew,
    });
    // Nothing of it reached the engine.
    now += 1_001;
    expect((await checkIn('fin-02')).body.data!.commands).toEqual([]);

    // Another tenant's operator, and one whose role covers the other group only.
    const labRole = await admin<{ id: string }>('/user/role/add', {
      name: 'lab-ops',
      menu: 'operate',
      permission: 'write',
      groupIds: [groupB],
    });
    await admin('/user/add', {
      account: 'labop',
      name: 'labop',
      password: pwd(PASSWORD),
      roleId: labRole.body.data!.id,
      groupId: groupB,
    });
    const labOp = as(ctx.app, host, await signIn(ctx.app, host, 'labop'));
    expect(
      (await labOp('/sync/m/act', { deviceId: id, certificate: certify(file.file) })).body,
    ).toMatchObject({
      errCode: ConsoleErr.DeviceHidden,
    });
    expect(
      (await labOp<TLicenceRecords>('/dv/m/licence/records', { deviceId: id })).body,
    ).toMatchObject({
      errCode: ConsoleErr.DeviceHidden,
    });
  });

  it('makes request files for many devices in one zip, and installs certificates for many by one task', async () => {
    const archive = await op<TRequestArchive>('/sync/m/rd/np', {
      target: { filter: { groupId: groupB } },
      months: 24,
    });
    expect(archive.body).toMatchObject({ success: true, data: { count: 1, skipped: [] } });
    // In the audit log: who made the files, for which devices.
    const auditor = as(ctx.app, host, await signIn(ctx.app, host, 'auditor'));
    const logged = await auditor<{ list: { target: string; result: string }[] }>('/owner/l/log', {
      action: '/sync/m/rd/np',
    });
    expect(logged.body.data!.list).toMatchObject([{ target: 'lab-01', result: 'success' }]);
    const files = unzipSync(Buffer.from(archive.body.data!.archive, 'base64'));
    const names = Object.keys(files);
    expect(names).toEqual([expect.stringMatching(/^lab-01-TDE-act-[0-9a-f]{8}\.dat$/)]);
    const dat = strFromU8(files[names[0]!]!);
    // Made of what the engine reported at enrolment, without asking it.
    expect(parseRequestFile(dat)).toMatchObject({
      deviceId: engines['lab-01']!.id,
      fingerprint: engines['lab-01']!.fingerprint,
      monthsAsked: 24,
    });

    const good = certify(dat);
    const batch = await op<TCertificateBatchResult>(
      '/sync/m/finalize',
      {
        certificates: [
          { fileName: 'lab-01.lic', text: good },
          { fileName: 'again.lic', text: good },
          { fileName: 'forged.lic', text: certify(dat, { key: generateKeyPairSync('ed25519') }) },
        ],
      },
      { 'accept-language': 'en-US' },
    );
    expect(batch.body.data).toMatchObject({
      accepted: [{ fileName: 'lab-01.lic', id: engines['lab-01']!.id, name: 'lab-01' }],
      refused: [
        { fileName: 'again.lic', code: EngineErr.InvalidLicence },
        {
          fileName: 'forged.lic',
          code: EngineErr.SignatureFailed,
          message: expect.stringMatching(/signed by the vendor/),
        },
      ],
    });
    const taskId = batch.body.data!.taskId!;
    // The engine gets its own certificate, installs it, and its next check-in reports it.
    const [command] = await engineRuns('lab-01');
    expect(command).toMatchObject({ type: 'licence.install', args: { certificate: good } });
    const task = (await op<TTaskItem>('/dv/m/task/info', { id: taskId })).body.data!;
    expect(task).toMatchObject({ type: 'licence.install', total: 1, status: 'finished' });
    now += 1_001;
    await checkIn('lab-01');
    const records = (
      await op<TLicenceRecords>('/dv/m/licence/records', { deviceId: engines['lab-01']!.id })
    ).body.data!;
    expect(records.records).toMatchObject([{ purpose: 'activate', serial: 1, taskId }]);
    // Uploading it again: its request has been answered.
    const again = await op<TCertificateBatchResult>('/sync/m/finalize', {
      certificates: [{ fileName: 'lab-01.lic', text: good }],
    });
    expect(again.body.data).toMatchObject({
      taskId: null,
      accepted: [],
      refused: [{ code: EngineErr.InvalidLicence }],
    });
  });

  it('lists the licences, expired and expiring first, filtered by state', async () => {
    const list = await op<{ list: TLicenceItem[]; total: number }>('/dv/m/licences', {});
    expect(list.body.data!.total).toBe(3);
    const names = list.body.data!.list.map((l) => l.name);
    // fin-01 has six more months (renewed), lab-01 24; fin-02 none: last.
    expect(names).toEqual(['fin-01', 'lab-01', 'fin-02']);
    expect(list.body.data!.list[2]).toMatchObject({
      state: 'none',
      licenseCode: null,
      daysLeft: null,
    });
    await daysPass(200);
    const expired = await op<{ list: TLicenceItem[] }>('/dv/m/licences', { state: 'expired' });
    expect(expired.body.data!.list).toMatchObject([{ name: 'fin-01', state: 'expired' }]);
    const normal = await op<{ list: TLicenceItem[] }>('/dv/m/licences', {
      state: 'normal',
      keyword: 'lab',
    });
    expect(normal.body.data!.list).toMatchObject([{ name: 'lab-01', state: 'normal', serial: 1 }]);
    expect(normal.body.data!.list[0]!.daysLeft).toBeGreaterThan(300);
  });

  it("takes the portal's archive of certificates whole: the console's zip of requests through the portal and back", async () => {
    const ids = [engines['fin-01']!.id, engines['fin-02']!.id];
    const requests = await op<TRequestArchive>('/sync/m/rd/np', { target: { ids }, months: 3 });
    // The customer uploads the zip as the console saved it, and has the portal issue it all.
    const company = await makeCompany(ctx, 6);
    const read = await call<TRequestBatchRead>(
      ctx.app,
      '/com/auth/devices',
      { files: [{ fileName: requests.body.data!.fileName, data: requests.body.data!.archive }] },
      company.headers,
    );
    expect(read.body.data).toMatchObject({ refused: [], cost: 6, balance: 6 });
    expect(read.body.data!.read.map((r) => r.name).sort()).toEqual(['fin-01', 'fin-02']);
    const issued = await call<TIssueBatchResult>(
      ctx.app,
      '/com/issue/batch',
      { items: read.body.data!.read.map((r) => ({ requestId: r.requestId, months: 3 })) },
      company.headers,
    );
    const { fileName, archive } = issued.body.data!;
    expect(Object.keys(unzipSync(Buffer.from(archive, 'base64'))).sort()).toEqual([
      'fin-01.lic',
      'fin-02.lic',
    ]);

    // The console takes that zip as it is: each certificate to its device, by one task.
    const batch = await op<TCertificateBatchResult>('/sync/m/finalize', {
      archives: [{ fileName, data: archive }],
    });
    expect(batch.body.data!.refused).toEqual([]);
    expect(batch.body.data!.accepted.map((a) => [a.fileName, a.name]).sort()).toEqual([
      [`${fileName}/fin-01.lic`, 'fin-01'],
      [`${fileName}/fin-02.lic`, 'fin-02'],
    ]);
    const [command] = await engineRuns('fin-02');
    expect(command).toMatchObject({ type: 'licence.install' });
    expect(engines['fin-02']!.held).toMatchObject({ kind: 'TDE', serial: 1 });

    // Again, with what is no certificate beside it: each refused with its reason.
    const junk = zipSync({ '../fin-01.lic': strToU8('x'), 'notes.txt': strToU8('x') });
    const again = await op<TCertificateBatchResult>(
      '/sync/m/finalize',
      {
        archives: [
          { fileName, data: archive },
          { fileName: 'junk.zip', data: Buffer.from(junk).toString('base64') },
          { fileName: 'fake.zip', data: Buffer.from('not a zip').toString('base64') },
        ],
      },
      { 'accept-language': 'en-US' },
    );
    expect(again.body.data).toMatchObject({ taskId: null, accepted: [] });
    expect(again.body.data!.refused.map((r) => [r.fileName, r.code])).toEqual([
      ['junk.zip/../fin-01.lic', FileErr.UnsafeName],
      ['junk.zip/notes.txt', FileErr.WrongFileType],
      ['fake.zip', FileErr.ArchiveUnreadable],
      [`${fileName}/fin-01.lic`, EngineErr.InvalidLicence],
      [`${fileName}/fin-02.lic`, EngineErr.InvalidLicence],
    ]);
    expect(again.body.data!.refused[1]!.message).toBe('Only .lic files are read');
    // Neither certificates nor an archive: a refusal that names the field.
    const none = await op('/sync/m/finalize', {}, { 'accept-language': 'en-US' });
    expect(none.body).toMatchObject({ errCode: -10001 });
    expect(none.body.msg).toContain('must give certificate files or an archive of them');
  });
});
