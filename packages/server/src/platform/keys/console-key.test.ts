import { randomBytes, sign, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { consoleKey } from './console-key.ts';

describe("the console's window-signing key", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is kept encrypted in the database: its secret opens it, another does not', async () => {
    const { db, consoleKeySecret } = ctx.app.platform;
    const key = consoleKey({ db, clock: () => Date.now(), consoleKeySecret });
    const publicPem = await key.publicPem();
    const { rows } = (await db.execute(
      sql`select private_pem, public_pem from console_keys where id = 1`,
    )) as unknown as { rows: { private_pem: string; public_pem: string }[] };
    expect(rows[0]!.public_pem).toBe(publicPem);
    expect(rows[0]!.private_pem).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);

    const { privateKey, publicKey } = await key.pair();
    const signed = sign(null, Buffer.from('window'), privateKey);
    expect(verify(null, Buffer.from('window'), publicKey, signed)).toBe(true);

    // A node given another secret (or a copy of the database alone) cannot sign.
    const stranger = consoleKey({ db, clock: () => Date.now(), consoleKeySecret: randomBytes(32) });
    await expect(stranger.pair()).rejects.toThrow();
  });
});
