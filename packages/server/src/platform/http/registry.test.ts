import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@edp/shared/api/registry';
import { createTestApp, type TestContext } from '../../test/harness.ts';

/** `METHOD path` of every route in fastify's route tree, where a child line holds only its own segment. */
function routesOf(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const full = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = full;
    for (const method of m[3]?.split(', ') ?? []) routes.push(`${method} ${full}`);
  }
  return routes;
}

describe('the call registry', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is exactly the set of routes the server answers under /api', () => {
    const served = routesOf(ctx.app.printRoutes({ commonPrefix: false }))
      // HEAD answers beside each GET; /api/docs is the OpenAPI UI the swagger plugin serves.
      .filter((r) => r.includes(' /api/') && !r.startsWith('HEAD ') && !r.includes('/api/docs'))
      .map((r) => r.replace(' /api/', ' /'));
    const declared = Object.values(CALLS).map((c) => `${c.method} ${c.path}`);
    expect(new Set(served)).toEqual(new Set(declared));
    expect(served).toHaveLength(declared.length);
  });

  it('describes every call in the OpenAPI document, with its summary', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const c of Object.values(CALLS)) {
      const path = `/api${c.path.replace(/:(\w+)/g, '{$1}')}`;
      expect.soft(doc.paths[path]?.[c.method.toLowerCase()]?.summary, path).toBe(c.summary);
    }
  });
});
