import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-jitless.ts';

describe('zod in the browser', () => {
  // The console's CSP has no 'unsafe-eval': zod must not try `new Function` (a CSP violation
  // logged on every page that builds a schema).
  it('builds no parser with eval, and parses the same', () => {
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string(), count: z.number().int() });
    expect(schema.parse({ name: 'a', count: 2 })).toEqual({ name: 'a', count: 2 });
    expect(schema.safeParse({ name: 'a', count: 2.5 }).success).toBe(false);
  });
});
