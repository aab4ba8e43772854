import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDelivery } from '@edp/shared/contracts/notify';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { as, setupTenant, signIn } from '../../test/console-fixture.ts';
import { startNotifyReceiver, type NotifyReceiver } from '../../test/notify-receiver.ts';
import { NOTIFIER_JOB } from '../notify/index.ts';

const host = 'notify-rules.example';
type Caller = ReturnType<typeof as>;
const EN = { 'accept-language': 'en-US' };

/**
 * What a tenant may save as its SMS gateway, cloud SMS and webhook, and what a stored one that an
 * older release let through answers (issue 34, points 2, 6, 7 and 10): headers the server sets
 * itself or that claim an identity are refused by name; a changed address needs its secrets
 * typed again; placeholders stand only where filling them cannot break the request; a redirect
 * and a refusal answer their status or the redirect's host, never the other side's body. The
 * test receiver is on 127.0.0.1, which the test harness's OUTBOUND_ALLOW_HOSTS allows.
 */
describe('gateway rules', () => {
  let ctx: TestContext;
  let rx: NotifyReceiver;
  let admin: Caller;
  const gateway = (o: { url?: string; secret?: string; headers?: object[] } = {}) => ({
    mode: 'http',
    http: {
      channel: 'Rules',
      method: 'POST',
      contentType: 'json',
      url: o.url ?? `${rx.url}/sms/send`,
      headers: o.headers ?? [
        { key: 'Authorization', value: o.secret ?? 'Bearer rules-secret-0123456789', secret: true },
      ],
      params: [
        { key: 'to', value: '#m#' },
        { key: 'text', value: '#c#' },
      ],
    },
    cloud: null,
    phone: '13800138000',
  });
  /** Writes the stored gateway's field as an older release could have, past today's checks. */
  const storeRaw = (path: string[], value: unknown) =>
    ctx.app.platform.db.execute(
      sql`update notify_settings set sms = jsonb_set(sms, ${`{${path.join(',')}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
    );

  beforeAll(async () => {
    rx = await startNotifyReceiver({ cloudKey: 'cloud-key-secret-42' });
    ctx = await createTestApp();
    await ctx.app.platform.jobs.pause(NOTIFIER_JOB, 0);
    await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  });
  afterAll(async () => {
    await ctx.close();
    await rx.close();
  });

  it('refuses hop-by-hop and identity headers at save, naming the header', async () => {
    for (const key of [
      'Host',
      'x-token',
      'Transfer-Encoding',
      'Connection',
      'Content-Length',
      'X-Forwarded-For',
      'Forwarded',
      'Proxy-Authorization',
    ]) {
      const res = await admin(
        '/sms/s/set',
        gateway({ headers: [{ key, value: 'v', secret: false }] }),
        EN,
      );
      expect(res.status, key).toBe(400);
      expect(res.body).toMatchObject({ errCode: -10163, data: { header: key } });
      expect(res.body.msg).toContain(key);
    }
    const zh = await admin('/sms/s/set', gateway({ headers: [{ key: 'Host', value: 'x' }] }));
    expect(zh.body.msg).toContain('不能设置请求头 Host');
    // The gateway's own credential is the tenant's to give.
    expect((await admin('/sms/s/set', gateway())).body).toMatchObject({ success: true });
  });

  it('needs the secrets again when the address changes, and not when only the query does', async () => {
    expect((await admin('/sms/s/set', gateway())).body).toMatchObject({ success: true });
    const moved = await admin(
      '/sms/s/set',
      gateway({ url: `${rx.url}/sms/elsewhere`, secret: '' }),
      EN,
    );
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({
      errCode: -10165,
      data: { fields: 'headers.Authorization' },
    });
    expect(moved.body.msg).toBe(
      'The address changed: type these secrets again: headers.Authorization',
    );
    const zh = await admin('/sms/s/set', gateway({ url: `${rx.url}/sms/zh`, secret: '' }));
    expect(zh.body.msg).toContain('地址已更改');
    // The query carries the template's parameters, not the receiver.
    const query = await admin('/sms/s/set', gateway({ url: `${rx.url}/sms/send?v=2`, secret: '' }));
    expect(query.body).toMatchObject({ success: true });
    const before = rx.under('/sms').length;
    expect((await admin('/sms/s/test', {})).body).toMatchObject({ success: true });
    expect(rx.under('/sms').at(before)!.headers.authorization).toBe(
      'Bearer rules-secret-0123456789',
    );

    const cloud = (endpoint: string, key: string) => ({
      mode: 'cloud',
      http: null,
      cloud: {
        endpoint,
        signName: 'EDP',
        keyId: 'LTAI-test',
        key,
        templateCode: 'SMS_001',
        templateType: 'code',
      },
      phone: '13800138000',
    });
    expect(
      (await admin('/sms/s/set', cloud(`${rx.url}/cloud/`, 'cloud-key-secret-42'))).body,
    ).toMatchObject({ success: true });
    const cloudMoved = await admin('/sms/s/set', cloud(`${rx.url}/cloud/v2/`, ''), EN);
    expect(cloudMoved.body).toMatchObject({ errCode: -10165, data: { fields: 'cloud.key' } });

    const warn = {
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
      webhookUrl: `${rx.url}/hook/a`,
      webhookSecret: 'whsec-rules-0123456789',
    };
    expect((await admin('/warn/s/set', warn)).body).toMatchObject({ success: true });
    const hookMoved = await admin(
      '/warn/s/set',
      { ...warn, webhookUrl: `${rx.url}/hook/b`, webhookSecret: '' },
      EN,
    );
    expect(hookMoved.body).toMatchObject({ errCode: -10165, data: { fields: 'webhookSecret' } });
    expect(
      (await admin('/warn/s/set', { ...warn, webhookUrl: `${rx.url}/hook/b` })).body,
    ).toMatchObject({ success: true });
  });

  it('keeps placeholders where filling them cannot break the request, and says so at send too', async () => {
    const bad = [
      gateway({ url: 'http://127.0.0.1:#m#/?c=#c#' }),
      gateway({ url: 'http://sms#m#.example/send?c=#c#' }),
      gateway({ headers: [{ key: 'X-Note', value: 'a\r\nX-Injected: 1', secret: false }] }),
      gateway({ headers: [{ key: 'X-Text', value: '#c#', secret: false }] }),
    ];
    for (const body of bad) {
      const res = await admin('/sms/s/set', body, EN);
      expect(res.status, JSON.stringify(body.http)).toBe(400);
      expect(res.body).toMatchObject({ errCode: -10166 });
    }
    // Stored as an older release let them through: the test answers 409 with the same reason
    // (never a 500), and a warning's delivery records it.
    expect((await admin('/sms/s/set', gateway())).body).toMatchObject({ success: true });
    await storeRaw(['http', 'url'], 'http://127.0.0.1:#m#/?c=#c#');
    const url = await admin('/sms/s/test', {}, EN);
    expect(url.status).toBe(409);
    expect(url.body).toMatchObject({ errCode: -10166, data: { field: 'http.url' } });
    await storeRaw(['http', 'url'], `${rx.url}/sms/send`);
    await storeRaw(['http', 'headers'], [{ key: 'X-Note', value: 'a\r\nb', secret: false }]);
    const header = await admin('/sms/s/test', {});
    expect(header.status).toBe(409);
    expect(header.body).toMatchObject({ errCode: -10166, data: { field: 'http.headers.X-Note' } });
    await storeRaw(
      ['http', 'headers'],
      [{ key: 'Host', value: 'internal.example', secret: false }],
    );
    const hostHeader = await admin('/sms/s/test', {});
    expect(hostHeader.body).toMatchObject({ errCode: -10163, data: { header: 'Host' } });

    await admin('/warn/s/set', {
      enabled: true,
      maxReminders: 1,
      intervalMinutes: 10,
      language: 'en-US',
      timeZone: 'UTC',
      text: '',
      causes: ['dpi'],
      offlineMinutes: 30,
      channels: ['sms'],
      phones: ['13900139000'],
      emails: [],
      webhookUrl: '',
      webhookSecret: '',
    });
    await storeRaw(['http', 'headers'], [{ key: 'X-Note', value: 'a\r\nb', secret: false }]);
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ success: true });
    expect(await ctx.app.services.notifier.pass()).toMatchObject({ failed: 1 });
    const log = async (headers: Record<string, string> = {}) =>
      (
        await admin<{ list: TDelivery[] }>(
          '/warn/m/deliveries',
          { pageSize: 10, channel: 'sms' },
          headers,
        )
      ).body.data!.list;
    // The reason in the reader's words (issue 35, point 10).
    expect((await log())[0]!.lastError).toBe('填入后无效：http.headers.X-Note');
    expect((await log(EN))[0]!.lastError).toBe('invalid once filled: http.headers.X-Note');
  });

  it('names a redirect by its host and answers a refusal without the body', async () => {
    expect((await admin('/sms/s/set', gateway({ url: `${rx.url}/moved/sms` }))).body).toMatchObject(
      {
        success: true,
      },
    );
    const en = await admin('/sms/s/test', {}, EN);
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({ errCode: -10167, data: { host: 'gateway.example' } });
    expect(en.body.msg).toContain('redirect to gateway.example');
    expect(en.body.msg).not.toContain('token');
    const zh = await admin('/sms/s/test', {});
    expect(zh.body.msg).toContain('重定向到 gateway.example');

    expect((await admin('/sms/s/set', gateway())).body).toMatchObject({ success: true });
    rx.fail('/sms', 1, 500);
    const refused = await admin('/sms/s/test', {}, EN);
    expect(refused.body).toMatchObject({ errCode: -10161 });
    expect(refused.body.msg).toBe('The SMS gateway did not take the message: HTTP 500');
  });
});
