import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { makeCompany } from '../../test/portal-fixture.ts';

/**
 * Handlers that send the answer themselves (cached list pages, files) hand the reply back; the
 * call is answered once, and nothing is sent after it (a second send costs Fastify an error
 * object and an "already sent" warning in the operator's log on every such call).
 */
describe('serve', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  beforeAll(async () => {
    ctx = await createTestApp({ LOG_LEVEL: 'warn' }, undefined, {
      write: (line) => void lines.push(line),
    });
  });
  afterAll(() => ctx.close());

  it('answers a cached page once and logs no second send', async () => {
    const { headers } = await makeCompany(ctx);
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/com/my/license',
        payload: { page: 1 },
        headers,
      });
      expect(res.json()).toMatchObject({ success: true, data: { total: 0, list: [] } });
    }
    expect(lines.filter((l) => l.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
  });
});
