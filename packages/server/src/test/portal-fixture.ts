import { companyCaptcha } from '@edp/shared/api/portal/account.calls';
import { vendorCaptcha } from '@edp/shared/api/portal/vendor.calls';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TLicenceRequestFile } from '@edp/shared/contracts/licence-file';
import { captchaIdHash } from '../platform/captcha/index.ts';
import { captchas, companies } from '../platform/db/schema/index.ts';
import { encodeRequestFile } from '../portal/licence/licence-file.ts';
import { md5Hex } from '../platform/passwords/password-hash.ts';
import type { TestContext } from './harness.ts';

/** Helpers for the portal's route tests (not a test file itself). */

export const PASSWORD = md5Hex('Str0ngPassw0rd');

/** Fetches a captcha image like a browser and reads its answer from the database. */
export async function solveCaptcha(ctx: TestContext, scope: 'portal' | 'vendor' = 'portal') {
  const image = scope === 'portal' ? companyCaptcha : vendorCaptcha;
  const res = await ctx.app.inject({ method: 'GET', url: `/api${image.path}?r=1` });
  const cookie = res.cookies.find((c) => c.name === `edp_captcha_${scope}`)!;
  const idHash = captchaIdHash(scope, cookie.value);
  const [row] = await ctx.app.platform.db
    .select()
    .from(captchas)
    .where(eq(captchas.idHash, idHash));
  return { cookie: `${cookie.name}=${cookie.value}`, answer: row!.answer, response: res };
}

const outbox = (ctx: TestContext) => path.join(ctx.dataDir, 'outbox');
const mailFiles = (ctx: TestContext) =>
  fs.existsSync(outbox(ctx)) ? new Set(fs.readdirSync(outbox(ctx))) : new Set<string>();

/** Runs `action` and returns the mails it wrote to the outbox for `to`. */
export async function mailsDuring(
  ctx: TestContext,
  to: string,
  action: () => Promise<unknown>,
): Promise<string[]> {
  const before = mailFiles(ctx);
  await action();
  return [...mailFiles(ctx)]
    .filter((f) => !before.has(f))
    .map((f) => fs.readFileSync(path.join(outbox(ctx), f), 'utf8'))
    .filter((text) => new RegExp(`^To: ${to}`, 'mi').test(text));
}

/**
 * The text of a mail as its reader sees it: the body after the headers, decoded from the
 * quoted-printable or base64 that nodemailer writes for text beyond ASCII.
 */
export function mailText(eml: string): string {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

export const codeIn = (mail: string | undefined) =>
  /verification code is (\d{6})/.exec(mail ?? '')?.[1];

/** A company straight in the database, signed in through the session service. */
export async function makeCompany(ctx: TestContext, balance = 0, email?: string) {
  const address = email ?? `c${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await ctx.app.platform.db
    .insert(companies)
    .values({
      email: address,
      passwordHash: await ctx.app.platform.passwords.hash(PASSWORD),
      company: 'Test Co',
      balance,
    })
    .returning();
  const token = await ctx.app.platform.sessions.create({ kind: 'company', subjectId: row!.id });
  return { id: row!.id, email: address, token, headers: { 'x-token': token } };
}

/** A licence request as the console would write it. */
export function requestFile(overrides: Partial<TLicenceRequestFile> = {}) {
  const file: TLicenceRequestFile = {
    ver: 1,
    product: 'EDP',
    kind: 'TDE',
    deviceId: `dev-${randomBytes(3).toString('hex')}`,
    fingerprint: `fp-${randomBytes(8).toString('hex')}`,
    requestId: randomBytes(16).toString('hex'),
    consoleTime: Date.now(),
    installedSerial: 0,
    monthsAsked: 12,
    ...overrides,
  };
  return { file, base64: encodeRequestFile(file) };
}
