import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// The console itself, as its own tests start it (PGlite, or PostgreSQL with DB=pg).
import { createTestApp } from '../../../server/src/test/harness.ts';
import { as, setupTenant, signIn } from '../../../server/src/test/console-fixture.ts';

/**
 * A real console listening on a free port, with a tenant on `host`, a group "Servers" and its
 * enrolment secret, the administrator and the operator signed in, and a temporary folder for the engines' states.
 */
export async function startRealConsole(
  host: string,
  prefix: string,
  /** The console's settings (e.g. CHECK_IN_INTERVAL_S), as createTestApp takes them. */
  env: Record<string, string> = {},
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const ctx = await createTestApp(env);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  await setupTenant(ctx.app, host);
  const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
  const op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
  const group = await admin<{ id: string }>('/user/group/add', { name: 'Servers' });
  const made = await op<{ secret: string }>('/dv/m/secret/rotate', {
    groupId: group.body.data!.id,
  });
  if (!made.body.success) throw new Error(JSON.stringify(made.body));
  return {
    ctx,
    url,
    root,
    op,
    admin,
    secret: made.body.data!.secret,
    async close() {
      await ctx.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
export type RealConsole = Awaited<ReturnType<typeof startRealConsole>>;
