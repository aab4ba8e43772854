import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, PASSWORD, pwd, setupTenant, signIn, userIdOf } from '../../test/console-fixture.ts';

const host = 'readers.example';
const HOUR = 3_600_000;
type Entry = { account: string; action: string; duty: string };
type Caller = ReturnType<typeof as>;

/**
 * Who reads whose audit entries (docs/console.md "Audit log"): one entry by each kind of actor,
 * read by each kind of reader. Every entry must reach someone other than its actor, and nobody
 * reviews their own. The tenant is set up with the administrator alone (a super role holding the
 * four duties), who then makes one person per duty, as such a tenant grows.
 */
describe('the audit log: every entry has a reviewer, and nobody reviews themselves', () => {
  let ctx: TestContext;
  let tenantId: string;
  const people: Record<string, Caller> = {};

  /** `account` holding a new role of `menu`, and (`proxyOf`) another role by proxy, open now. */
  const person = async (account: string, menu: string, proxyOf?: string) => {
    const superUser = people.root!;
    const role = await superUser<{ id: string }>('/user/role/add', {
      name: `${account}-role`,
      menu,
      permission: 'write',
      groupIds: [],
    });
    expect(role.body).toMatchObject({ success: true });
    const added = await superUser('/user/add', {
      account,
      name: account,
      password: pwd(PASSWORD),
      roleId: role.body.data!.id,
    });
    expect(added.body).toMatchObject({ success: true });
    if (proxyOf) {
      const proxy = await superUser('/user/proxy/add', {
        userId: await userIdOf(ctx.app, tenantId, account),
        roleId: proxyOf,
        startAt: new Date(Date.now() - HOUR).toISOString(),
        endAt: new Date(Date.now() + 24 * HOUR).toISOString(),
      });
      expect(proxy.body).toMatchObject({ success: true });
    }
    people[account] = as(ctx.app, host, await signIn(ctx.app, host, account));
    return role.body.data!.id;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ SYNC_WAIT_MS: '200' });
    tenantId = await setupTenant(ctx.app, host, { allDuties: false, prefix: 'root-' });
    people.root = as(ctx.app, host, await signIn(ctx.app, host, 'root-admin'));
    await person('sys', 'system');
    await person('keys', 'kss');
    await person('operator', 'operate');
    const auditorRole = await person('auditor', 'audit');
    // A security operator acting for the auditor by proxy: the window of issue 35.
    await person('deputy', 'operate', auditorRole);

    // One marked action by each kind of actor.
    for (const account of ['sys', 'keys', 'operator', 'auditor', 'root', 'deputy']) {
      const res = await people[account]!('/user/update/my-info', { name: `mark-${account}` });
      expect(res.body, account).toMatchObject({ success: true });
    }

    // The auditor's own approval: of an elevation the operator asked for on an enrolled engine.
    const group = await people.root('/user/group/add', { name: 'Ops' });
    const secret = await people.operator!<{ secret: string }>('/dv/m/secret/rotate', {
      groupId: (group.body.data as { id: string }).id,
    });
    const state = { install: 'installed', detection: 'ok', activation: 'inactive', version: '1' };
    const engine = await call<{ deviceId: string; token: string }>(ctx.app, '/agent/enrol', {
      secret: secret.body.data!.secret,
      identity: {
        name: 'srv-01',
        ip: '10.0.0.1',
        systemType: 'Linux',
        version: '1.0.0',
        kind: 'TDE',
        fingerprint: randomBytes(32).toString('hex'),
      },
      state,
    });
    await call(
      ctx.app,
      '/agent/checkin',
      { state, results: [] },
      { authorization: `Bearer ${engine.body.data!.token}` },
    );
    const asked = await people.operator!<{ id: string }>('/ack/m/ele', {
      deviceId: engine.body.data!.deviceId,
      window: { hours: 1 },
      reason: 'patch',
    });
    expect(asked.body).toMatchObject({ success: true });
    const approved = await people.auditor!('/ack/s/check', {
      id: asked.body.data!.id,
      approve: true,
      reason: 'ok',
    });
    expect(approved.body).toMatchObject({ success: true });
  });
  afterAll(() => ctx.close());

  /** The marked entries `reader` reads, as 'account action', or the refusal's code. */
  const seenBy = async (reader: string): Promise<string[] | number> => {
    const seen: string[] = [];
    for (const action of ['/user/update/my-info', '/ack/s/check']) {
      const res = await people[reader]!<{ list: Entry[] }>('/owner/l/log', {
        pageSize: 50,
        action,
      });
      if (!res.body.success) return res.body.errCode;
      seen.push(...res.body.data!.list.map((e) => `${e.account} ${e.action}`));
    }
    return seen.sort();
  };
  const marks = {
    system: 'sys /user/update/my-info',
    kss: 'keys /user/update/my-info',
    operate: 'operator /user/update/my-info',
    audit: 'auditor /user/update/my-info',
    super: 'root-admin /user/update/my-info',
    proxy: 'deputy /user/update/my-info',
    approval: 'auditor /ack/s/check',
  };

  it('shows each reader exactly the entries it reviews', async () => {
    const matrix = Object.fromEntries(
      await Promise.all(
        ['sys', 'keys', 'operator', 'auditor', 'root', 'deputy'].map(
          async (reader) => [reader, await seenBy(reader)] as const,
        ),
      ),
    );
    const sorted = (...e: string[]) => e.sort();
    expect(matrix).toEqual({
      // The system administrator reads what was done under the audit duty, by anyone else.
      sys: sorted(marks.audit, marks.super, marks.proxy, marks.approval),
      // The key manager and the security operator read no audit log.
      keys: CommonErr.Forbidden,
      operator: CommonErr.Forbidden,
      // Whoever holds the audit duty reads every entry but their own: the super role's and the
      // proxy window's included.
      auditor: sorted(marks.system, marks.kss, marks.operate, marks.super, marks.proxy),
      root: sorted(
        marks.system,
        marks.kss,
        marks.operate,
        marks.audit,
        marks.proxy,
        marks.approval,
      ),
      deputy: sorted(
        marks.system,
        marks.kss,
        marks.operate,
        marks.audit,
        marks.super,
        marks.approval,
      ),
    });
    // Pinned apart from the table: every entry reaches a reader who did not write it.
    const actorOf = (entry: string) =>
      entry.split(' ')[0] === 'root-admin' ? 'root' : entry.split(' ')[0];
    for (const entry of Object.values(marks)) {
      const reviewers = Object.entries(matrix)
        .filter(([, seen]) => Array.isArray(seen) && seen.includes(entry))
        .map(([reader]) => reader);
      expect(
        reviewers.filter((r) => r !== actorOf(entry)),
        entry,
      ).not.toEqual([]);
      expect(reviewers, entry).not.toContain(actorOf(entry));
    }
  });

  it("records the duties held when acting, a proxy's included, signing in too", async () => {
    const { list } = (
      await people.auditor!<{ list: Entry[] }>('/owner/l/log', {
        pageSize: 50,
        account: 'deputy',
      })
    ).body.data!;
    const dutyOf = (action: string) => list.filter((e) => e.action === action).map((e) => e.duty);
    expect(dutyOf('/user/update/my-info')).toEqual(['operate,audit']);
    // Signed in inside the window: each step of the sign-in (sent to change the initial
    // password, the change, the session) was made holding the auditor's role as well.
    expect(dutyOf('/login/n/login')).toEqual(Array(3).fill('operate,audit'));
    expect(dutyOf('/login/n/reset/expire/pwd')).toEqual(['operate,audit']);
  });

  it('exports by the same rule', async () => {
    const csv = async (reader: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/owner/dw/${tenantId}/audit?action=/user/update/my-info`,
        headers: { host, 'x-token': await signIn(ctx.app, host, reader, 'Changed#Pass2') },
      });
      expect(res.statusCode, reader).toBe(200);
      return res.body
        .split('\r\n')
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[1])
        .sort();
    };
    expect(await csv('sys')).toEqual(['auditor', 'deputy', 'root-admin']);
    expect(await csv('auditor')).toEqual(['deputy', 'keys', 'operator', 'root-admin', 'sys']);
  });
});
