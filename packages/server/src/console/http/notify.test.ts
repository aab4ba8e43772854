import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDelivery, TSmsSettingsView, TWarnSettings } from '@edp/shared/contracts/notify';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { NEW_PASSWORD, as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { startNotifyReceiver, type NotifyReceiver } from '../../test/notify-receiver.ts';
import { MAX_TRIES, NOTIFIER_JOB, type PassReport } from '../notify/index.ts';

const hostA = 'notify-a.example';
const hostB = 'notify-b.example';
const MIN = 60_000;
/** A Standard Webhooks secret as a tenant's receiver makes it: `whsec_` and 32 random bytes. */
const HOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Caller = ReturnType<typeof as>;

/**
 * SMS and warnings (docs/notifications.md), against a real local SMS gateway and webhook
 * receiver: the gateway's secrets sealed and never answered, the test SMS with its template
 * filled, cloud SMS signed, login codes by the same gateway; a DPI alert reaching SMS, e-mail and
 * the webhook (signed), reminders within the most-reminders and least-interval settings on an
 * injected clock, retries with back-off until given up, the causes' opening and closing, and
 * each tenant seeing its own.
 */
describe('notifications', () => {
  let ctx: TestContext;
  let rx: NotifyReceiver;
  let now = Date.parse('2026-11-26T09:00:00Z');
  const clock = () => now;
  let admin: Caller;
  let device: { id: string; token: string };
  let seq = 0;
  const pass = (): Promise<PassReport> => ctx.app.services.notifier.pass();
  const db = () => ctx.app.platform.db;

  const signedIn = async (host: string, account: string): Promise<Caller> => {
    const token = await signIn(ctx.app, host, account).catch(() =>
      signIn(ctx.app, host, account, NEW_PASSWORD),
    );
    return as(ctx.app, host, token);
  };
  const httpGateway = (secret = 'Bearer gw-secret-0123456789') => ({
    mode: 'http',
    http: {
      channel: 'Test gateway',
      method: 'POST',
      contentType: 'json',
      url: `${rx.url}/sms/send`,
      headers: [{ key: 'Authorization', value: secret, secret: true }],
      params: [
        { key: 'to', value: '#m#' },
        { key: 'text', value: '【EDP】#c#' },
        { key: 'from', value: '#ip#' },
      ],
    },
    cloud: null,
    phone: '13800138000',
  });
  const warnings = (o: Partial<TWarnSettings> = {}): TWarnSettings => ({
    enabled: true,
    maxReminders: 2,
    intervalMinutes: 10,
    language: 'en-US',
    timeZone: 'UTC',
    text: 'EDP warning',
    causes: ['dpi', 'offline', 'licence', 'taskFailed', 'review'],
    // A day: the hours these tests move the clock by do not make the device silent.
    offlineMinutes: 1440,
    channels: ['sms', 'email', 'webhook'],
    phones: ['13900139000'],
    emails: ['oncall@example.com'],
    webhookUrl: `${rx.url}/hook/edp`,
    webhookSecret: HOOK_SECRET,
    ...o,
  });
  const alter = async (p: string) => {
    seq += 1;
    const res = await call<{ acked: number }>(
      ctx.app,
      '/agent/logs',
      {
        stream: 's1',
        held: seq,
        entries: [
          {
            seq,
            at: new Date(now).toISOString(),
            kind: 'dpi',
            change: 'altered',
            path: p,
            sha256: 'ab'.repeat(32),
          },
        ],
      },
      { authorization: `Bearer ${device.token}` },
    );
    expect(res.body).toMatchObject({ success: true });
  };
  /** The clock moves by hours here: a session would lapse, so each read signs in again. */
  const deliveries = async (c: Caller | 'admin', q: Record<string, unknown> = {}) =>
    (
      await (c === 'admin' ? await signedIn(hostA, 'admin') : c)<{
        list: TDelivery[];
        total: number;
      }>('/warn/m/deliveries', { pageSize: 50, ...q })
    ).body.data!;

  beforeAll(async () => {
    rx = await startNotifyReceiver({
      cloudKey: 'cloud-key-secret-42',
      hookSecret: { secret: HOOK_SECRET },
      clock,
    });
    ctx = await createTestApp({}, undefined, undefined, clock);
    // The loop runs on its own timer too; the tests drive passes themselves.
    await ctx.app.platform.jobs.pause(NOTIFIER_JOB, 0);
    await setupTenant(ctx.app, hostA);
    const vendor = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: randomUUID(),
    });
    await setupTenant(ctx.app, hostB, { headers: { 'x-token': vendor } });
    admin = await signedIn(hostA, 'admin');
    const op = await signedIn(hostA, 'operator');
    const group = (await admin<{ id: string }>('/user/group/add', { name: 'Servers' })).body.data!
      .id;
    const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body
      .data!.secret;
    const made = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
      secret,
      identity: {
        name: 'fin-01',
        ip: '10.9.0.7',
        systemType: 'Linux',
        version: '1.1.0',
        kind: 'DPI',
        fingerprint: randomBytes(32).toString('hex'),
      },
      state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.1.0' },
    });
    device = { id: made.body.data!.deviceId, token: made.body.data!.token };
  });
  afterAll(async () => {
    await ctx.close();
    await rx.close();
  });

  it('keeps the gateway with its secrets sealed, and sends a test SMS with the template filled', async () => {
    expect((await admin('/sms/s/set', httpGateway())).body).toMatchObject({ success: true });
    const view = (await admin<TSmsSettingsView>('/sms/s/get-set', {})).body.data!;
    expect(view.http!.headers[0]).toMatchObject({
      key: 'Authorization',
      value: '',
      secret: true,
      shown: { set: true, hint: '••••6789' },
    });
    // Neither the stored row nor the audit log holds the secret in clear.
    const stored = rowsOf<{ sms: unknown }>(
      await db().execute(sql`select sms from notify_settings`),
    );
    expect(JSON.stringify(stored)).not.toContain('gw-secret');
    const audit = rowsOf<{ detail: unknown }>(
      await db().execute(sql`select detail from console_audit where action = '/sms/s/set'`),
    );
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain('gw-secret');

    // Saved again with the secret left empty: the stored one is kept.
    const again = httpGateway('');
    expect((await admin('/sms/s/set', again)).body).toMatchObject({ success: true });
    const res = await admin<{ status: number }>('/sms/s/test', {});
    expect(res.body).toMatchObject({ success: true, data: { status: 200 } });
    const [sms] = await rx.waitFor('/sms', 1);
    expect(sms!.headers.authorization).toBe('Bearer gw-secret-0123456789');
    expect(sms!.body.to).toBe('13800138000');
    // It says it is a test, in the tenant's message language (warnings' default: zh-CN).
    expect(sms!.body.text).toMatch(/^【EDP】这是一条测试短信：短信网关可用（测试码 \d{6}）$/);
    expect(sms!.body.from).toBe('127.0.0.1');
  });

  it("words the test SMS in the language the tenant's messages are set to", async () => {
    const off = warnings({ enabled: false, language: 'en-US' });
    expect((await admin('/warn/s/set', off)).body).toMatchObject({ success: true });
    const before = rx.under('/sms').length;
    expect((await admin('/sms/s/test', {})).body).toMatchObject({ success: true });
    const sms = await rx.waitFor('/sms', before + 1);
    expect(sms.at(-1)!.body.text).toMatch(
      /^【EDP】This is a test SMS: the SMS gateway works \(test code \d{6}\)$/,
    );
  });

  it('answers a gateway that refuses, and a template without its placeholders, in both languages', async () => {
    rx.fail('/sms', 1, 500);
    const zh = await admin('/sms/s/test', {});
    expect(zh.status).toBe(409);
    expect(zh.body).toMatchObject({ success: false, errCode: -10161 });
    expect(zh.body.msg).toContain('短信网关未接受该短信');
    expect(zh.body.msg).toContain('HTTP 500');
    // The status only: never the body of whatever answered (issue 34, point 2).
    expect(zh.body.msg).not.toContain('refused by test');
    const bad = httpGateway();
    bad.http.params = [{ key: 'to', value: '#m#' }];
    const en = await admin('/sms/s/set', bad, { 'accept-language': 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({ errCode: -10001, data: { field: 'body.http.params' } });
    expect(en.body.msg).toContain('#c#');
  });

  it('sends cloud SMS signed as the provider checks it', async () => {
    const cloud = {
      mode: 'cloud',
      http: null,
      cloud: {
        endpoint: `${rx.url}/cloud/`,
        signName: 'EDP',
        keyId: 'LTAI-test',
        key: 'cloud-key-secret-42',
        templateCode: 'SMS_001',
        templateType: 'code',
      },
      phone: '13800138000',
    };
    expect((await admin('/sms/s/set', cloud)).body).toMatchObject({ success: true });
    expect((await admin('/sms/s/test', { phone: '13700137000' })).body).toMatchObject({
      success: true,
    });
    const [got] = await rx.waitFor('/cloud', 1);
    expect(got!.query).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13700137000',
      SignName: 'EDP',
      TemplateCode: 'SMS_001',
      AccessKeyId: 'LTAI-test',
    });
    expect(JSON.parse(got!.query.TemplateParam!)).toEqual({
      code: expect.stringMatching(/^\d{6}$/),
    });
    // A wrong key: the provider refuses the signature, and the console says so.
    await admin('/sms/s/set', { ...cloud, cloud: { ...cloud.cloud, key: 'another-key-000000' } });
    const refused = await admin('/sms/s/test', {});
    expect(refused.body).toMatchObject({ errCode: -10161 });
    expect(refused.body.msg).toContain('SignatureDoesNotMatch');
    await admin('/sms/s/set', httpGateway());
  });

  it('sends login codes through the gateway', async () => {
    const loginSet = (sms: boolean) =>
      admin('/login/s/set', {
        picCodeTag: false,
        pwdMatch: { list: ['upper', 'lower', 'number'], range: [8, 20] },
        expireDays: 0,
        lockCount: 10,
        sms,
        mailCode: false,
      });
    expect((await loginSet(true)).body).toMatchObject({ success: true });
    await db().execute(sql`update console_users set phone = '13600136000' where account = 'keys'`);
    const before = rx.under('/sms').length;
    const res = await call(ctx.app, '/login/n/send/code', { account: 'keys' }, { host: hostA });
    expect(res.body).toMatchObject({ success: true });
    const sms = await rx.waitFor('/sms', before + 1);
    expect(sms.at(-1)!.body).toMatchObject({
      to: '13600136000',
      text: expect.stringMatching(/^【EDP】\d{6}$/),
    });
    await loginSet(false);
  });

  it('takes a DPI alert to SMS, e-mail and a signed webhook, with reminders within the limits', async () => {
    expect((await admin('/warn/s/set', warnings())).body).toMatchObject({ success: true });
    const sent = rx.under('/sms').length;
    await alter('/etc/app/secret.conf');
    const first = await pass();
    expect(first).toMatchObject({ queued: 3, sent: 3, failed: 0 });
    const sms = rx.under('/sms').at(-1)!;
    expect(rx.under('/sms').length).toBe(sent + 1);
    expect(sms.body.to).toBe('13900139000');
    expect(sms.body.text).toContain(
      'EDP warning: DPI alert on device fin-01 (10.9.0.7): /etc/app/secret.conf',
    );
    expect(sms.body.from).toBe('10.9.0.7');
    const [hook] = rx.under('/hook');
    // The receiver checked it with the official library: `new Webhook(secret).verify(…)`.
    expect(hook!.verified).toBe(true);
    expect(hook!.body).toMatchObject({
      id: hook!.headers['webhook-id'],
      warnings: [
        { cause: 'dpi', label: 'fin-01', reminder: 1, detail: { path: '/etc/app/secret.conf' } },
      ],
    });
    // The text says what happened, not only the reminder content put before it.
    expect(hook!.body.text).toContain(
      'EDP warning: DPI alert on device fin-01 (10.9.0.7): /etc/app/secret.conf',
    );
    const outbox = path.join(ctx.app.platform.config.dataDir, 'outbox');
    const mail = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(fs.readFileSync(path.join(outbox, mail.at(-1)!), 'utf8')).toContain(
      'oncall@example.com',
    );

    // Five minutes on: within the least interval, nothing. Ten: the first reminder. Then none
    // (two messages at most).
    now += 5 * MIN;
    expect(await pass()).toMatchObject({ queued: 0 });
    now += 5 * MIN;
    expect(await pass()).toMatchObject({ queued: 3, sent: 3 });
    expect(rx.under('/hook').at(-1)!).toMatchObject({
      verified: true,
      body: { warnings: [{ reminder: 2 }] },
    });
    now += 30 * MIN;
    expect(await pass()).toMatchObject({ queued: 0 });
    const log = await deliveries('admin');
    expect(log.total).toBe(6);
    expect(log.list.every((d) => d.status === 'sent' && d.causes.includes('dpi'))).toBe(true);
    expect(log.list.find((d) => d.channel === 'webhook')!.target).toBe(new URL(rx.url).host);
  });

  it('retries a webhook with back-off and gives it up after the last try', async () => {
    rx.fail('/hook', 100, 503);
    await alter('/etc/app/other.conf');
    now += 61 * MIN;
    await pass();
    let hook = (await deliveries('admin', { channel: 'webhook', status: 'pending' })).list[0]!;
    expect(hook).toMatchObject({ tries: 1, lastError: 'HTTP 503' });
    expect(Date.parse(hook.nextAt!) - now).toBe(5_000);
    // Not before its time; then each try waits twice as long.
    await pass();
    expect(
      (await deliveries('admin', { channel: 'webhook', status: 'pending' })).list[0]!.tries,
    ).toBe(1);
    for (let tries = 2; tries <= MAX_TRIES; tries++) {
      now += 5_000 * 2 ** (tries - 2);
      await pass();
    }
    hook = (await deliveries('admin', { channel: 'webhook', status: 'failed' })).list[0]!;
    expect(hook).toMatchObject({ tries: MAX_TRIES, nextAt: null });
    rx.fail('/hook', 0);
  });

  it('warns of a silent device and a licence ending, and closes each when its cause is gone', async () => {
    admin = await signedIn(hostA, 'admin');
    expect((await admin('/warn/s/set', warnings({ offlineMinutes: 30 }))).body).toMatchObject({
      success: true,
    });
    await db().execute(sql`update log_alerts set state = 'handled'`);
    await db().execute(
      sql`update devices set last_seen_at = ${new Date(now - 45 * MIN).toISOString()}::timestamptz,
        licence_expires_at = ${new Date(now + 10 * 86_400_000).toISOString()}::timestamptz
        where id = ${device.id}`,
    );
    now += 61 * MIN;
    const before = rx.under('/sms').length;
    await pass();
    const text = String(rx.under('/sms').slice(before).at(-1)!.body.text);
    expect(text).toMatch(/has been offline since|The license of device fin-01/);
    const open = rowsOf<{ cause: string }>(
      await db().execute(sql`select cause from warnings where closed_at is null order by cause`),
    ).map((r) => r.cause);
    expect(open).toEqual(['licence', 'offline']);
    // Back, renewed: both close at the next sweep.
    now += 61 * MIN;
    await db().execute(
      sql`update devices set last_seen_at = ${new Date(now).toISOString()}::timestamptz,
        licence_expires_at = ${new Date(now + 365 * 86_400_000).toISOString()}::timestamptz
        where id = ${device.id}`,
    );
    await pass();
    const still = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from warnings where closed_at is null`),
    );
    expect(still[0]!.n).toBe(0);
  });

  it('keeps each tenant to its own settings and deliveries; a test warning reaches every channel', async () => {
    const other = await signedIn(hostB, 'admin');
    expect((await deliveries(other)).total).toBe(0);
    const view = (await other<TSmsSettingsView>('/sms/s/get-set', {})).body.data!;
    expect(view).toMatchObject({ mode: 'off', http: null });
    // Warnings off: a test has nowhere to go.
    const none = await other('/warn/s/test', {}, { 'accept-language': 'en-US' });
    expect(none.body).toMatchObject({ errCode: -10162 });
    expect(none.body.msg).toBe('Warnings are off, or no way of delivering them is on');
    const hooks = rx.under('/hook').length;
    admin = await signedIn(hostA, 'admin');
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ data: { deliveries: 3 } });
    await pass();
    expect(rx.under('/hook').length).toBe(hooks + 1);
    expect(rx.under('/hook').at(-1)!.body).toMatchObject({ warnings: [{ cause: 'test' }] });
  });

  it('signs with a secret saved before whsec_ by its raw bytes, and refuses a malformed whsec_ secret', async () => {
    admin = await signedIn(hostA, 'admin');
    // A secret saved before issue 35 (no prefix) keeps working: its UTF-8 bytes are the key, as
    // the library's raw format takes it.
    const legacy = 'legacy-secret-0123456789';
    rx.hookSecret({ raw: new TextEncoder().encode(legacy) });
    const set = await admin(
      '/warn/s/set',
      warnings({ channels: ['webhook'], webhookSecret: legacy }),
    );
    expect(set.body).toMatchObject({ success: true });
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ data: { deliveries: 1 } });
    expect(await pass()).toMatchObject({ sent: 1, failed: 0 });
    expect(rx.under('/hook').at(-1)!.verified).toBe(true);
    expect(rx.under('/hook').at(-1)!.body.text).toBe(
      'EDP warning: This is a test warning: the warning settings work',
    );

    // A whsec_ secret that is not base64 of 24 to 64 bytes is refused at save, in both languages.
    for (const bad of ['whsec_not base64!', `whsec_${randomBytes(8).toString('base64')}`]) {
      const zh = await admin('/warn/s/set', warnings({ webhookSecret: bad }));
      expect(zh.status).toBe(400);
      expect(zh.body).toMatchObject({ errCode: -10001, data: { field: 'body.webhookSecret' } });
      expect(zh.body.msg).toContain('格式不正确');
      const en = await admin('/warn/s/set', warnings({ webhookSecret: bad }), {
        'accept-language': 'en-US',
      });
      expect(en.body.msg).toContain('has the wrong format');
    }
    rx.hookSecret({ secret: HOOK_SECRET });
  });
});
