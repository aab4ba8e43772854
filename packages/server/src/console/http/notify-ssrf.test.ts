import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDelivery } from '@edp/shared/contracts/notify';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { startNotifyReceiver, type NotifyReceiver } from '../../test/notify-receiver.ts';
import { NOTIFIER_JOB } from '../notify/index.ts';

const host = 'notify-ssrf.example';
type Caller = ReturnType<typeof as>;
const EN = { 'accept-language': 'en-US' };

/**
 * Issue 34, point 2: without the deployment's OUTBOUND_ALLOW_HOSTS, a tenant's SMS gateway,
 * cloud SMS endpoint and webhook never reach this machine, a private network or the cloud's
 * metadata: refused at save when the address says so itself, and at connect time whatever was
 * stored. The receiver listens on 127.0.0.1 and must receive nothing; 169.254.169.254 and the
 * others are refused before a socket is made (platform/outbound/outbound-client.test.ts shows
 * that for the guard itself).
 */
describe('internal addresses', () => {
  let ctx: TestContext;
  let rx: NotifyReceiver;
  let admin: Caller;
  let port = '';
  const gateway = (url: string) => ({
    mode: 'http',
    http: {
      channel: 'SSRF',
      method: 'GET',
      contentType: 'json',
      url,
      headers: [],
      params: [
        { key: 'to', value: '#m#' },
        { key: 'text', value: '#c#' },
      ],
    },
    cloud: null,
    phone: '13800138000',
  });
  const cloud = (endpoint: string) => ({
    mode: 'cloud',
    http: null,
    cloud: {
      endpoint,
      signName: 'EDP',
      keyId: 'LTAI-test',
      key: 'cloud-key-secret-42',
      templateCode: 'SMS_001',
      templateType: 'code',
    },
    phone: '13800138000',
  });
  const warn = (webhookUrl: string) => ({
    enabled: true,
    maxReminders: 1,
    intervalMinutes: 10,
    language: 'en-US',
    timeZone: 'UTC',
    text: '',
    causes: ['dpi'],
    offlineMinutes: 30,
    channels: ['webhook'],
    phones: [],
    emails: [],
    webhookUrl,
    webhookSecret: 'whsec-ssrf-0123456789',
  });
  const internal = () => [
    `http://127.0.0.1:${port}/sms`,
    `http://localhost:${port}/sms`,
    `http://2130706433:${port}/sms`,
    `http://0x7f.1:${port}/sms`,
    `http://0.0.0.0:${port}/sms`,
    `http://[::ffff:127.0.0.1]:${port}/sms`,
    `http://[::1]:${port}/sms`,
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/latest/meta-data/',
    'http://10.0.0.1/sms',
    'http://192.168.1.1/sms',
  ];

  beforeAll(async () => {
    rx = await startNotifyReceiver();
    port = new URL(rx.url).port;
    // No allow-list: the default every deployment starts with.
    ctx = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '' });
    await ctx.app.platform.jobs.pause(NOTIFIER_JOB, 0);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(async () => {
    await ctx.close();
    await rx.close();
  });

  it('refuses an internal address at save, for the gateway, cloud SMS and the webhook', async () => {
    for (const url of internal()) {
      const http = await admin('/sms/s/set', gateway(url), EN);
      expect(http.status, url).toBe(400);
      expect(http.body, url).toMatchObject({
        errCode: -10164,
        data: { host: new URL(url).hostname },
      });
      const c = await admin('/sms/s/set', cloud(url), EN);
      expect(c.body, url).toMatchObject({ errCode: -10164 });
      const w = await admin('/warn/s/set', warn(url), EN);
      expect(w.body, url).toMatchObject({ errCode: -10164 });
    }
    const zh = await admin('/sms/s/set', gateway('http://169.254.169.254/'));
    expect(zh.body.msg).toContain('指向内部网络');
    const en = await admin('/sms/s/set', gateway('http://169.254.169.254/'), EN);
    expect(en.body.msg).toContain('The address 169.254.169.254 is internal');
    expect(rx.received.length).toBe(0);
  });

  it('refuses at connect time what was stored, answering no body and logging a short reason', async () => {
    // A public-looking address saved, then the row changed as an older release could have.
    expect((await admin('/sms/s/set', gateway('http://gateway.invalid/sms'))).body).toMatchObject({
      success: true,
    });
    for (const url of internal()) {
      await ctx.app.platform.db.execute(
        sql`update notify_settings set sms = jsonb_set(sms, '{http,url}', to_jsonb(${url}::text))`,
      );
      const res = await admin('/sms/s/test', {}, EN);
      expect(res.status, url).toBe(409);
      expect(res.body, url).toMatchObject({ errCode: -10164 });
    }
    expect((await admin('/warn/s/set', warn('http://gateway.invalid/hook'))).body).toMatchObject({
      success: true,
    });
    await ctx.app.platform.db.execute(
      sql`update notify_settings set warn = jsonb_set(warn, '{webhookUrl}', to_jsonb(${`http://[::ffff:127.0.0.1]:${port}/hook`}::text))`,
    );
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ success: true });
    expect(await ctx.app.services.notifier.pass()).toMatchObject({ failed: 1 });
    const log = async (headers: Record<string, string> = {}) =>
      (await admin<{ list: TDelivery[] }>('/warn/m/deliveries', { pageSize: 10 }, headers)).body
        .data!.list;
    expect((await log(EN))[0]).toMatchObject({
      channel: 'webhook',
      lastError: 'refused: internal address',
    });
    expect((await log())[0]).toMatchObject({ channel: 'webhook', lastError: '已拒绝：内部地址' });
    expect(rx.received.length).toBe(0);
  });
});
