import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleErr, PortalErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import { as, dutyUser, pwd, setupTenant, signIn } from '../../test/console-fixture.ts';

describe('/api/owner/n/reg — initial setup', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('tells the web that setup is open on a fresh install', async () => {
    const res = await call(ctx.app, '/owner/n/reg/state', {}, { host: 'acme.example' });
    expect(res.body.data).toEqual({ open: true, registered: false });
  });

  it('creates a tenant with four separate duties, each seeing only its own menu', async () => {
    const ownerId = await setupTenant(ctx.app, 'acme.example');
    expect(ownerId).toMatch(/^[0-9a-f-]{36}$/);
    const expected = {
      admin: {
        menus: ['system'],
        userType: 2,
        sysAdmin: true,
        keyAdmin: 0,
        logAdmin: false,
        mgrAdmin: false,
        adminTag: true,
      },
      keys: {
        menus: ['kss'],
        userType: 3,
        sysAdmin: false,
        keyAdmin: 1,
        logAdmin: false,
        mgrAdmin: false,
        adminTag: false,
      },
      operator: {
        menus: ['operate'],
        userType: 3,
        sysAdmin: false,
        keyAdmin: 0,
        logAdmin: false,
        mgrAdmin: true,
        adminTag: false,
      },
      auditor: {
        menus: ['audit'],
        userType: 3,
        sysAdmin: false,
        keyAdmin: 0,
        logAdmin: true,
        mgrAdmin: false,
        adminTag: false,
      },
    };
    for (const [account, flags] of Object.entries(expected)) {
      const token = await signIn(ctx.app, 'acme.example', account);
      const me = await as(ctx.app, 'acme.example', token)<Record<string, unknown>>('/user/my/info');
      expect(me.body.data).toMatchObject({ account, tenantId: ownerId, ...flags });
    }
    const info = await call(ctx.app, '/owner/n/domain', {}, { host: 'acme.example' });
    expect(info.body.data).toMatchObject({
      sysName: 'acme.example console',
      company: 'acme.example Ltd',
    });
  });

  it('the other duties must change the password chosen for them at the first login', async () => {
    const res = await call(
      ctx.app,
      '/login/n/login',
      { account: 'auditor', password: pwd('Changed#Pass2') },
      { host: 'acme.example' },
    );
    expect(res.body.success).toBe(true);
  });

  it('is closed to the public once a tenant exists', async () => {
    const res = await call(
      ctx.app,
      '/owner/n/reg',
      { company: 'Other', admin: dutyUser('root') },
      { host: 'other.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.errCode).toBe(ConsoleErr.SetupClosed);
    const state = await call(ctx.app, '/owner/n/reg/state', {}, { host: 'acme.example' });
    expect(state.body.data).toEqual({ open: false, registered: true });
  });

  it('lets the vendor add a tenant; skipping the optional duties makes a super administrator', async () => {
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: crypto.randomUUID(),
    });
    const ownerId = await setupTenant(ctx.app, 'solo.example', {
      allDuties: false,
      headers: { 'x-token': saToken },
    });
    const token = await signIn(ctx.app, 'solo.example', 'admin');
    const me = await as(ctx.app, 'solo.example', token)('/user/my/info');
    expect(me.body.data).toMatchObject({
      tenantId: ownerId,
      userType: 1,
      menus: ['system', 'operate', 'kss', 'audit'],
      adminTag: true,
      sysAdmin: true,
      keyAdmin: 1,
      logAdmin: true,
      mgrAdmin: true,
    });
    const again = await call(
      ctx.app,
      '/owner/n/reg',
      { company: 'X', admin: dutyUser('a') },
      { host: 'solo.example', 'x-token': saToken },
    );
    expect(again.body.errCode).toBe(ConsoleErr.DomainExists);
  });

  it('refuses duplicate accounts and common passwords', async () => {
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: crypto.randomUUID(),
    });
    const headers = { host: 'dup.example', 'x-token': saToken };
    const dup = await call(
      ctx.app,
      '/owner/n/reg',
      { company: 'D', admin: dutyUser('same'), auditor: dutyUser('same') },
      headers,
    );
    expect(dup.body.errCode).toBe(ConsoleErr.AccountExists);
    const common = await call(
      ctx.app,
      '/owner/n/reg',
      { company: 'D', admin: { ...dutyUser('a'), password: pwd('Password1') } },
      headers,
    );
    expect(common.body.errCode).toBe(PortalErr.PasswordCommon);
  });

  it('refuses login codes by e-mail for an administrator without an e-mail address', async () => {
    const saToken = await ctx.app.platform.sessions.create({
      kind: 'vendor',
      subjectId: crypto.randomUUID(),
    });
    const headers = { host: 'mail.example', 'x-token': saToken, 'accept-language': 'en-US' };
    const body = { company: 'M', admin: dutyUser('boss'), loginSet: { mailCode: true } };
    const refused = await call(ctx.app, '/owner/n/reg', body, headers);
    expect(refused.status).toBe(409);
    expect(refused.body.errCode).toBe(ConsoleErr.AdminEmailRequired);
    expect(refused.body.msg).toContain('boss');
    const withMail = { ...body, admin: { ...dutyUser('boss'), email: 'boss@mail.example' } };
    expect((await call(ctx.app, '/owner/n/reg', withMail, headers)).body.success).toBe(true);
  });

  it('with several tenants, an unknown host has none: defaults, and no login', async () => {
    const info = await call(ctx.app, '/owner/n/domain', {}, { host: 'localhost:8080' });
    expect(info.body.data).toMatchObject({ sysName: '', company: '' });
    const login = await call(
      ctx.app,
      '/login/n/login',
      { account: 'admin', password: pwd('x') },
      { host: 'localhost' },
    );
    expect(login.body.errCode).toBe(ConsoleErr.TenantNotFound);
  });
});

describe('a single-tenant install', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it("defaults the domain to the request's host and is reachable by any host", async () => {
    await setupTenant(ctx.app, 'console.corp:8443', { allDuties: false });
    const info = await call(ctx.app, '/owner/n/domain', {}, { host: '127.0.0.1:8080' });
    expect(info.body.data).toMatchObject({ company: 'console.corp:8443 Ltd' });
    await signIn(ctx.app, 'localhost', 'admin');
  });
});

describe('/api/owner/n/reg — concurrent first set-ups', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lets exactly one of many parallel anonymous set-ups on a fresh install win', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      call<{ ownerId: string }>(
        ctx.app,
        '/owner/n/reg',
        {
          company: `Race ${i}`,
          sysName: `Race ${i}`,
          admin: dutyUser('admin'),
          loginSet: { picCodeTag: false },
        },
        { host: `race${i}.example` },
      ),
    );
    const answers = await Promise.all(attempts);
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    for (const lost of answers.filter((a) => !a.body.success)) {
      expect(lost.body.errCode).toBe(ConsoleErr.SetupClosed);
    }
    const state = await call(ctx.app, '/owner/n/reg/state', {}, { host: 'race99.example' });
    expect(state.body.data).toEqual({ open: false, registered: false });
  });
});
