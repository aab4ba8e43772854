import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../db/schema/index.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { captchaService } from './captcha-service.ts';

describe('captcha', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('makes an SVG whose answer is accepted once, case-insensitively', async () => {
    const service = captchaService(ctx.app.platform.db, { enabled: true });
    const { id, svg } = await service.create('portal');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const [row] = await ctx.app.platform.db.select().from(captchas);
    const answer = row!.answer.toUpperCase();
    expect(await service.verify('portal', id, answer)).toBe(true);
    expect(await service.verify('portal', id, answer)).toBe(false);
  });

  it('is used up by a wrong answer', async () => {
    const service = captchaService(ctx.app.platform.db, { enabled: true });
    const { id } = await service.create('portal');
    const all = await ctx.app.platform.db.select().from(captchas);
    const answer = all.at(-1)!.answer;
    expect(await service.verify('portal', id, 'zzzz')).toBe(false);
    expect(await service.verify('portal', id, answer)).toBe(false);
  });

  it('expires after 5 minutes', async () => {
    let clock = Date.now();
    const service = captchaService(ctx.app.platform.db, { enabled: true, now: () => clock });
    const { id } = await service.create('portal');
    const all = await ctx.app.platform.db.select().from(captchas);
    clock += 5 * 60_000 + 1;
    expect(await service.verify('portal', id, all.at(-1)!.answer)).toBe(false);
  });

  it('is bound to the login form it was made for', async () => {
    const service = captchaService(ctx.app.platform.db, { enabled: true });
    const { id } = await service.create('portal');
    const answer = (await ctx.app.platform.db.select().from(captchas)).at(-1)!.answer;
    expect(await service.verify('login', id, answer)).toBe(false);
    expect(await service.verify('vendor', id, answer)).toBe(false);
    expect(await service.verify('portal', id, answer)).toBe(true);
  });

  it('accepts anything when switched off (CAPTCHA=off)', async () => {
    const service = captchaService(ctx.app.platform.db, { enabled: false });
    expect(await service.verify('login', undefined, undefined)).toBe(true);
  });
});
