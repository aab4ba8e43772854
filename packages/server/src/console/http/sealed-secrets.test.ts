import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { armor, Decrypter } from 'age-encryption';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWarnSettings, TWarnSettingsView } from '@edp/shared/contracts/notify';
import type { TSplit } from '@edp/shared/contracts/keys';
import { notifySettings, tenantKeys } from '../../platform/db/schema/index.ts';
import { newAgeIdentity } from '../../platform/keys/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { PASSWORD, as, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';
import { startNotifyReceiver, type NotifyReceiver } from '../../test/notify-receiver.ts';
import { NOTIFIER_JOB } from '../notify/index.ts';

const host = 'sealed.example';
const HOOK_SECRET = `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The tenant's sealed secrets under its KEK (docs/keys.md "The keys", issue 37 point 1): the
 * webhook's secret sealed by the root secret before the keys are initialised, sealed again under
 * the KEK by initialisation and by a new split, new ones sealed under the KEK; each time the
 * settings show it and the notifier signs with it (the receiver checks the signature).
 */
describe('sealed secrets under the KEK', () => {
  let ctx: TestContext;
  let rx: NotifyReceiver;
  let tenantId: string;
  let admin: ReturnType<typeof as>;
  const tokens: Record<string, string> = {};
  /** The webhook secret the settings hold now. */
  let current = HOOK_SECRET;
  const km: Record<string, ReturnType<typeof as>> = {};

  const warnings = (secret: string): TWarnSettings => ({
    enabled: true,
    maxReminders: 2,
    intervalMinutes: 10,
    language: 'en-US',
    timeZone: 'UTC',
    text: 'EDP warning',
    causes: ['dpi'],
    offlineMinutes: 1440,
    channels: ['webhook'],
    phones: [],
    emails: [],
    webhookUrl: `${rx.url}/hook/edp`,
    webhookSecret: secret,
  });
  const stored = async () => {
    const [row] = await ctx.app.platform.db
      .select()
      .from(notifySettings)
      .where(eq(notifySettings.tenantId, tenantId));
    return (row!.warn as { webhookSecret: string }).webhookSecret;
  };
  /** The settings show the secret (it opens) and a test warning is signed with it. */
  const works = async (secret: string) => {
    const view = (await admin<TWarnSettingsView>('/warn/s/get-set', {})).body.data!;
    expect(view.webhookSecret).toEqual({ set: true, hint: `••••${secret.slice(-4)}` });
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ data: { deliveries: 1 } });
    expect(await ctx.app.services.notifier.pass()).toMatchObject({ sent: 1, failed: 0 });
    expect(rx.under('/hook').at(-1)!.verified).toBe(true);
  };

  beforeAll(async () => {
    rx = await startNotifyReceiver({ hookSecret: { secret: HOOK_SECRET } });
    ctx = await createTestApp();
    await ctx.app.platform.jobs.pause(NOTIFIER_JOB, 0);
    tenantId = await setupTenant(ctx.app, host);
    admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
    const role = await admin<{ id: string }>('/user/role/add', {
      name: 'keyManagers',
      menu: 'kss',
      permission: 'write',
      groupIds: [],
    });
    await admin('/user/add', {
      account: 'k2',
      name: 'K2',
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    for (const who of ['keys', 'k2']) {
      tokens[who] = await signIn(ctx.app, host, who);
      km[who] = as(ctx.app, host, tokens[who]);
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await rx?.close();
  });

  it('seals again under the KEK at initialisation, and seals new secrets under it', async () => {
    expect((await admin('/warn/s/set', warnings(HOOK_SECRET))).body).toMatchObject({
      success: true,
    });
    expect(await stored()).toMatch(/^v1\./);
    await works(HOOK_SECRET);

    expect((await km.keys!('/kss/init', {})).body).toMatchObject({ success: true });
    expect(await stored()).toMatch(/^k1\./);
    await works(HOOK_SECRET);

    const next = `whsec_${randomBytes(32).toString('base64')}`;
    rx.hookSecret({ secret: next });
    current = next;
    expect((await admin('/warn/s/set', warnings(next))).body).toMatchObject({ success: true });
    expect(await stored()).toMatch(/^k1\./);
    await works(next);
  });

  /** A new split made active by both holders confirming their shares. */
  const newSplit = async () => {
    const split = await km.keys!<TSplit>('/kss/split', { threshold: 2, holders: ['keys', 'k2'] });
    expect(split.body).toMatchObject({ success: true });
    for (const who of ['keys', 'k2']) {
      const id = await newAgeIdentity();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/kss/share/download',
        payload: { protect: { kind: 'recipient', recipient: id.recipient } },
        headers: { host, 'x-token': tokens[who]! },
      });
      const d = new Decrypter();
      d.addIdentity(id.identity);
      const share = await d.decrypt(armor.decode(res.body), 'text');
      expect((await km[who]!('/kss/share/confirm', { share })).body).toMatchObject({
        success: true,
      });
    }
  };
  const tenantKey = async () =>
    (
      await ctx.app.platform.db.select().from(tenantKeys).where(eq(tenantKeys.tenantId, tenantId))
    )[0]!;

  it('seals again under a new KEK when a new split becomes active', async () => {
    const before = await stored();
    await newSplit();
    const after = await stored();
    expect(after).toMatch(/^k1\./);
    expect(after).not.toBe(before);
    const view = (await admin<TWarnSettingsView>('/warn/s/get-set', {})).body.data!;
    expect(view.webhookSecret.set).toBe(true);
    expect((await admin('/warn/s/test', {})).body).toMatchObject({ data: { deliveries: 1 } });
    expect(await ctx.app.services.notifier.pass()).toMatchObject({ sent: 1, failed: 0 });
    expect(rx.under('/hook').at(-1)!.verified).toBe(true);
  });

  it('finishes after a stop between a split made active and its secrets sealed again', async () => {
    const old = await tenantKey();
    const before = await stored();
    await newSplit();
    expect((await tenantKey()).previousKekId).toBeNull();
    // What a stop right after the activation's commit leaves: the secret still sealed under the
    // replaced KEK, which is kept.
    await ctx.app.platform.db
      .update(tenantKeys)
      .set({ previousKekId: old.kekId, previousKekWrapped: old.kekWrapped })
      .where(eq(tenantKeys.tenantId, tenantId));
    const [row] = await ctx.app.platform.db
      .select()
      .from(notifySettings)
      .where(eq(notifySettings.tenantId, tenantId));
    await ctx.app.platform.db
      .update(notifySettings)
      .set({ warn: { ...(row!.warn as object), webhookSecret: before } })
      .where(eq(notifySettings.tenantId, tenantId));
    const lost = (await admin<TWarnSettingsView>('/warn/s/get-set', {})).body.data!;
    expect(lost.webhookSecret.set).toBe(false);

    await ctx.app.services.keys.finishKekChanges();
    expect((await tenantKey()).previousKekId).toBeNull();
    expect(await stored()).not.toBe(before);
    await works(current);
  });
});
