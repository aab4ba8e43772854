import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { call, createTestApp } from './harness.ts';
import { as, setupTenant, signIn } from './console-fixture.ts';

/**
 * A whole console in a process of its own, for tests that start it under a low limit of open
 * files (`bash -c 'ulimit -n N; exec node --import tsx low-limit-server.ts'`): a tenant, a group
 * and ENGINES (default 3) enrolled engines, listening on a free port of 127.0.0.1. It writes
 * one line of JSON to standard output, `{ url, tokens, metricsToken }`, and runs until killed;
 * its log (warnings and worse) goes to standard error.
 */
const host = 'limits.example';
const metricsToken = randomBytes(16).toString('hex');
const ctx = await createTestApp(
  { METRICS_TOKEN: metricsToken, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
  undefined,
  { write: (line) => void process.stderr.write(line) },
);
await setupTenant(ctx.app, host);
const admin = as(ctx.app, host, await signIn(ctx.app, host, 'admin'));
const op = as(ctx.app, host, await signIn(ctx.app, host, 'operator'));
const group = (await admin<{ id: string }>('/user/group/add', { name: 'Servers' })).body.data!.id;
const secret = (await op<{ secret: string }>('/dv/m/secret/rotate', { groupId: group })).body.data!
  .secret;
const tokens: string[] = [];
for (let i = 0; i < Number(process.env.ENGINES ?? 3); i++) {
  const made = await call<{ token: string }>(ctx.app, '/agent/enrol', {
    secret,
    identity: {
      name: `srv-${i}`,
      ip: '10.9.0.1',
      systemType: 'Linux',
      version: '1.0.0',
      kind: 'TDE',
      fingerprint: randomBytes(32).toString('hex'),
    },
    state: { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' },
  });
  if (!made.body.success) throw new Error(JSON.stringify(made.body));
  tokens.push(made.body.data!.token);
}
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = ctx.app.server.address() as AddressInfo;
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${port}`, tokens, metricsToken })}\n`,
);
process.on('SIGTERM', () => void ctx.close().then(() => process.exit(0)));
