import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  REQUEST_STATUSES,
  STATUS_MOVES,
  TEST_MOVES,
  TEST_STATUSES,
  TESTABLE_STATUSES,
  type RequestStatus,
  type TestStatus,
} from '@edp/shared/contracts/support-requests';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import { call, createTestApp, type TestContext } from '../../test/harness.ts';
import {
  mailsDuring,
  mailText,
  makeCompany,
  PASSWORD,
  solveCaptcha,
} from '../../test/portal-fixture.ts';

type Company = Awaited<ReturnType<typeof makeCompany>>;
type Item = {
  id: string;
  no: string;
  company: string;
  title: string;
  status: RequestStatus;
  statusReason: string;
  testStatus: TestStatus | null;
  overdue: boolean;
  replies: number;
};
type Page = { list: Item[]; next: string | null; overdue: number };
type Detail = Item & {
  description: string;
  messages: { side: string; author: string; body: string }[];
};

const DAY = 86_400_000;

describe('/api/com/req/* and /api/sa/req* — requests and their Q&A', () => {
  let ctx: TestContext;
  let vendor: Record<string, string>;
  let acme: Company;
  let beta: Company;
  const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const sa = <T>(url: string, body: unknown = {}) => call<T>(ctx.app, url, body, vendor);
  const as = <T>(c: Company, url: string, body: unknown = {}) =>
    call<T>(ctx.app, url, body, c.headers);
  const open = async (c: Company, title: string, days = 7) => {
    const res = await as<{ id: string }>(c, '/com/req/add', {
      project: 'Rollout',
      product: 'TDE',
      title,
      description: 'Encrypted folders open slowly after the update',
      priority: 'high',
      expectedAt: inDays(days),
    });
    expect(res.body.success).toBe(true);
    return res.body.data!.id;
  };
  /** A request moved into `status` and `test` through the calls the vendor uses. */
  const requestIn = async (status: RequestStatus, test: TestStatus | null) => {
    const id = await open(acme, `${status}/${test}`);
    const path: Record<RequestStatus, RequestStatus[]> = {
      new: [],
      processing: ['processing'],
      solved: ['processing', 'solved'],
      dismissed: ['dismissed'],
    };
    const tests: Record<TestStatus, TestStatus[]> = {
      testing: ['testing'],
      passed: ['testing', 'passed'],
      failed: ['testing', 'failed'],
    };
    for (const s of status === 'solved' ? ['processing' as const] : path[status]) {
      await sa('/sa/req/status', { id, status: s, reason: 'not ours' });
    }
    for (const t of test ? tests[test] : []) await sa('/sa/req/test', { id, testStatus: t });
    if (status === 'solved') await sa('/sa/req/status', { id, status: 'solved' });
    const now = (await sa<Detail>('/sa/req/get', { id })).body.data!;
    expect([now.status, now.testStatus]).toEqual([status, test]);
    return id;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    acme = await makeCompany(ctx);
    beta = await makeCompany(ctx);
    await call(ctx.app, '/sa/n/init', { account: 'root', password: PASSWORD });
    const c = await solveCaptcha(ctx, 'vendor');
    const login = await call<{ token: string }>(
      ctx.app,
      '/sa/n/login',
      { account: 'root', password: PASSWORD, captcha: c.answer },
      { cookie: c.cookie },
    );
    vendor = { 'x-token': login.body.data!.token };
  });
  afterAll(() => ctx.close());

  it('opens a request; a company sees only its own, the vendor every one', async () => {
    const past = await as(acme, '/com/req/add', {
      product: 'TDE',
      title: 'Late',
      description: 'x',
      priority: 'low',
      expectedAt: inDays(-1),
    });
    expect(past.body).toMatchObject({ errCode: CommonErr.Invalid });
    expect(past.body.msg).toContain('expectedAt');
    const id = await open(acme, 'Slow folders');
    await open(beta, 'Beta needs');

    const mine = (await as<Page>(acme, '/com/req/list')).body.data!;
    expect(mine.list.map((r) => r.title)).toEqual(['Slow folders']);
    expect(mine.list[0]).toMatchObject({ status: 'new', testStatus: null, company: 'Test Co' });
    expect((await as(beta, '/com/req/get', { id })).body.errCode).toBe(CommonErr.NotFound);
    expect((await as(beta, '/com/req/reply', { id, body: 'me too' })).body.errCode).toBe(
      CommonErr.NotFound,
    );
    const all = (await sa<Page>('/sa/reqs')).body.data!;
    expect(all.list.map((r) => r.title)).toEqual(['Beta needs', 'Slow folders']);
    const acmeOnly = (await sa<Page>('/sa/reqs', { companyId: acme.id })).body.data!;
    expect(acmeOnly.list.map((r) => r.title)).toEqual(['Slow folders']);

    // The vendor's calls are the vendor's; a company's are a company's.
    expect((await as(acme, '/sa/reqs')).body.errCode).toBe(CommonErr.SessionExpired);
    expect((await sa('/com/req/list')).body.errCode).toBe(CommonErr.SessionExpired);
  });

  it('keeps a thread both sides; the customer is mailed each answer, and sees no vendor account', async () => {
    const id = await open(acme, 'Thread');
    await as(acme, '/com/req/reply', { id, body: 'Which logs do you need?' });
    const mails = await mailsDuring(ctx, acme.email, () =>
      sa('/sa/req/reply', { id, body: 'The engine log of the last hour, please.' }),
    );
    expect(mails).toHaveLength(1);
    expect(mailText(mails[0]!)).toContain('The engine log of the last hour');
    expect(mailText(mails[0]!)).toContain('我的需求');
    const seen = (await as<Detail>(acme, '/com/req/get', { id })).body.data!;
    expect(seen.replies).toBe(2);
    expect(seen.messages).toEqual([
      expect.objectContaining({ side: 'customer', author: 'Test Co' }),
      expect.objectContaining({ side: 'vendor', author: '' }),
    ]);
    const vendorSees = (await sa<Detail>('/sa/req/get', { id })).body.data!;
    expect(vendorSees.messages[1]).toMatchObject({ side: 'vendor', author: 'root' });
  });

  it('moves the status only along STATUS_MOVES: every pair, allowed and refused', async () => {
    for (const from of REQUEST_STATUSES) {
      for (const to of REQUEST_STATUSES) {
        const id = await requestIn(from, null);
        const res = await sa('/sa/req/status', { id, status: to, reason: 'duplicate of #1' });
        const allowed = STATUS_MOVES[from].includes(to);
        expect([from, to, res.body.errCode], `${from} -> ${to}`).toEqual([
          from,
          to,
          allowed ? 0 : PortalErr.StatusChangeFailed,
        ]);
      }
    }
  });

  it('moves the test status only along TEST_MOVES, on a request processed or solved', async () => {
    const froms = [null, ...TEST_STATUSES] as const;
    for (const status of REQUEST_STATUSES) {
      for (const from of froms) {
        // A test status is only reached on a request processed or solved.
        if (from && !TESTABLE_STATUSES.includes(status)) continue;
        const id = await requestIn(status, from);
        for (const to of TEST_STATUSES) {
          const allowed =
            TESTABLE_STATUSES.includes(status) && TEST_MOVES[from ?? 'none'].includes(to);
          const res = await sa('/sa/req/test', { id, testStatus: to });
          expect([status, from, to, res.body.errCode], `${status}: ${from} -> ${to}`).toEqual([
            status,
            from,
            to,
            allowed ? 0 : PortalErr.TestStatusChangeFailed,
          ]);
          // Back to where it was for the next pair.
          if (allowed) {
            await ctx.app.platform.db.execute(
              sql`update support_requests set test_status = ${from} where id = ${id}`,
            );
          }
        }
      }
    }
  });

  it('dismisses only with a reason, which the customer reads and is mailed; overdue ones counted', async () => {
    const id = await open(acme, 'Out of scope');
    const bare = await sa('/sa/req/status', { id, status: 'dismissed' });
    expect(bare.body.errCode).toBe(PortalErr.ReasonRequired);
    const mails = await mailsDuring(ctx, acme.email, () =>
      sa('/sa/req/status', { id, status: 'dismissed', reason: 'Not a product defect' }),
    );
    expect(mailText(mails[0]!)).toContain('原因：Not a product defect');
    const seen = (await as<Detail>(acme, '/com/req/get', { id })).body.data!;
    expect(seen).toMatchObject({ status: 'dismissed', statusReason: 'Not a product defect' });

    // Past its expected time and still open: marked, counted and filtered.
    const late = await open(beta, 'Late one', 1);
    await ctx.app.platform.db.execute(
      sql`update support_requests set expected_at = now() - interval '1 hour' where id = ${late}`,
    );
    const overdue = (await sa<Page>('/sa/reqs', { overdue: true })).body.data!;
    expect(overdue.list.map((r) => r.id)).toEqual([late]);
    expect(overdue.list[0]!.overdue).toBe(true);
    expect(overdue.overdue).toBe(1);
    expect((await as<Page>(acme, '/com/req/list')).body.data!.overdue).toBe(0);

    const log = (await sa<{ list: { action: string; target: string }[] }>('/sa/audit')).body.data!;
    expect(log.list[0]).toMatchObject({ action: '/sa/req/status' });
  });

  it("mails the vendor's support address, when the settings name one, of each new request and reply", async () => {
    const none = await mailsDuring(ctx, 'support@vendor.example', () => open(acme, 'Unheard'));
    expect(none).toHaveLength(0);
    await sa('/sa/sys/set', {
      ownerRegOpen: false,
      defaultSysName: '',
      supportEmail: 'support@vendor.example',
    });
    let id = '';
    const opened = await mailsDuring(ctx, 'support@vendor.example', async () => {
      id = await open(acme, 'Heard');
    });
    expect(mailText(opened[0]!)).toContain('Test Co opened support request');
    const replied = await mailsDuring(ctx, 'support@vendor.example', () =>
      as(acme, '/com/req/reply', { id, body: 'Logs attached below.' }),
    );
    expect(mailText(replied[0]!)).toContain('Logs attached below.');
    await sa('/sa/sys/set', { ownerRegOpen: false, defaultSysName: '' });
  });

  it('keeps attached files of both sides, by kind and size, named without a path, each side its own', async () => {
    const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');
    const log = 'engine: folder /srv/a opened in 9 s\n';
    const add = await as<{ id: string }>(acme, '/com/req/add', {
      product: 'TDE',
      title: 'With files',
      description: 'See the log',
      priority: 'middle',
      expectedAt: inDays(3),
      files: [{ fileName: '../../var/log/engine.log', data: b64(log) }],
    });
    const id = add.body.data!.id;
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await sa('/sa/req/reply', {
      id,
      body: 'A screenshot of the fix',
      files: [{ fileName: 'fix.PNG', data: b64(png) }],
    });

    const seen = (
      await as<Detail & { files: { id: string; fileName: string; size: number; side: string }[] }>(
        acme,
        '/com/req/get',
        { id },
      )
    ).body.data!;
    expect(seen.files.map((f) => [f.fileName, f.size, f.side])).toEqual([
      ['engine.log', log.length, 'customer'],
      ['fix.PNG', png.length, 'vendor'],
    ]);
    const [logFile, pngFile] = seen.files;
    const got = await ctx.app.inject({
      method: 'GET',
      url: `/api/com/req/file/${pngFile!.id}`,
      headers: acme.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toContain('attachment; filename="fix.PNG"');
    const byVendor = await ctx.app.inject({
      method: 'GET',
      url: `/api/sa/req/file/${logFile!.id}`,
      headers: vendor,
    });
    expect(byVendor.body).toBe(log);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/com/req/file/${logFile!.id}`,
      headers: beta.headers,
    });
    expect([other.statusCode, other.json().errCode]).toEqual([404, CommonErr.NotFound]);

    // Refused, naming the file, and nothing kept: a kind not taken, a control character, too big.
    const refusals: [string, Buffer, number][] = [
      ['setup.exe', Buffer.from('MZ'), PortalErr.AttachmentType],
      ['bad\u0007name.txt', Buffer.from('x'), PortalErr.AttachmentType],
      ['big.zip', Buffer.alloc(5 * 1024 * 1024 + 1), PortalErr.AttachmentTooLarge],
    ];
    for (const [fileName, bytes, code] of refusals) {
      const res = await as(acme, '/com/req/reply', {
        id,
        body: 'more',
        files: [{ fileName, data: b64(bytes) }],
      });
      expect([fileName, res.body.errCode], fileName).toEqual([fileName, code]);
    }
    const bad = await as(acme, '/com/req/reply', {
      id,
      body: 'x',
      files: [{ fileName: 'setup.exe', data: b64('MZ') }],
    });
    expect(bad.body.msg).toContain('setup.exe');
    const after = (await as<Detail & { files: unknown[] }>(acme, '/com/req/get', { id })).body
      .data!;
    expect([after.files.length, after.replies]).toEqual([2, 1]);
  });

  it('pages newest first by number, with a keyword and a status filter', async () => {
    const first = (await sa<Page>('/sa/reqs', { pageSize: 2 })).body.data!;
    const second = (await sa<Page>('/sa/reqs', { pageSize: 2, cursor: first.next })).body.data!;
    expect(Number(first.list[1]!.no)).toBeGreaterThan(Number(second.list[0]!.no));
    const found = (await sa<Page>('/sa/reqs', { keyword: 'THREAD' })).body.data!;
    expect(found.list.map((r) => r.title)).toEqual(['Thread']);
    const dismissed = (await sa<Page>('/sa/reqs', { status: 'dismissed' })).body.data!;
    expect(dismissed.list.every((r) => r.status === 'dismissed')).toBe(true);
  });

  it('sorts by number, expected time or last change, either way, every page in that order', async () => {
    const gamma = await makeCompany(ctx);
    const ids: string[] = [];
    // Ties on the expected time, broken by the number.
    for (const [i, days] of [3, 1, 3, 2, 1].entries()) ids.push(await open(gamma, `G${i}`, days));
    await as(gamma, '/com/req/reply', { id: ids[0], body: 'any news?' });
    type Row = Item & { expectedAt: string; updatedAt: string };
    const read = (body: object) =>
      sa<{ list: Row[]; next: string | null }>('/sa/reqs', { companyId: gamma.id, ...body });
    for (const sort of ['no', 'expectedAt', 'updatedAt'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const whole = (await read({ sort, order, pageSize: 100 })).body.data!.list;
        expect(whole).toHaveLength(5);
        const key = (r: Row) => (sort === 'no' ? 0 : Date.parse(r[sort]));
        const sign = order === 'asc' ? 1 : -1;
        for (const [a, b] of whole.slice(0, -1).map((r, i) => [r, whole[i + 1]!] as const)) {
          const step = Math.sign(key(b) - key(a)) || Math.sign(Number(b.no) - Number(a.no));
          expect([sort, order, step]).toEqual([sort, order, sign]);
        }
        const paged: string[] = [];
        let cursor: string | undefined;
        do {
          const page = (await read({ sort, order, pageSize: 2, cursor })).body.data!;
          paged.push(...page.list.map((r) => r.id));
          cursor = page.next ?? undefined;
        } while (cursor);
        expect(paged).toEqual(whole.map((r) => r.id));
      }
    }
    const latest = (await read({ sort: 'updatedAt', order: 'desc' })).body.data!.list[0]!;
    expect(latest.id).toBe(ids[0]);
    // A cursor of another sort is refused, in the envelope.
    const byNo = (await read({ pageSize: 2 })).body.data!.next!;
    const wrong = await read({ sort: 'expectedAt', cursor: byNo });
    expect([wrong.body.errCode, wrong.body.msg]).toEqual([
      CommonErr.Invalid,
      expect.stringContaining('cursor'),
    ]);
  });
});
