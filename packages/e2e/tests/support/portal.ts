import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { EngineKind } from '@edp/shared/constants';
import { makeLicenceRequest } from '../../../agent/src/licence-request.ts';
import { dataDir } from '../fixtures.ts';
import { md5, registerCompany, type TestCompany } from './company.ts';

/** The vendor account global-setup.ts creates through the API; the tests read it. */
export interface VendorSeed {
  account: string;
  password: string;
  packageName: string;
  packageMonths: number;
}

const vendorFile = () => path.join(dataDir(), 'vendor.json');

export function saveVendor(seed: VendorSeed): void {
  fs.writeFileSync(vendorFile(), JSON.stringify(seed, null, 2));
}

export function vendor(): VendorSeed {
  return JSON.parse(fs.readFileSync(vendorFile(), 'utf8')) as VendorSeed;
}

interface Envelope<T> {
  success: boolean;
  msg: string;
  errCode: number;
  data: T;
}

/** A call through the API for seeding (not what a test checks). */
export async function call<T = unknown>(
  request: APIRequestContext,
  url: string,
  data: unknown = {},
  token?: string,
): Promise<T> {
  const res = await request.post(`/api${url}`, {
    data,
    headers: { 'Accept-Language': 'en-US', ...(token ? { 'X-Token': token } : {}) },
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `${url}: ${body.msg}`).toBe(true);
  return body.data;
}

let vendorSession: Promise<string> | undefined;

/** A vendor session through the API, one per worker (the tests never end it). */
export function vendorToken(request: APIRequestContext): Promise<string> {
  const seed = vendor();
  vendorSession ??= call<{ token: string }>(request, '/sa/n/login', {
    account: seed.account,
    password: md5(seed.password),
    captcha: 'x',
  }).then((data) => data.token);
  return vendorSession;
}

/** Fresh single-use recharge codes of the setup's package (as the vendor, via the API). */
export async function rechargeCodes(request: APIRequestContext, count = 1): Promise<string[]> {
  const seed = vendor();
  const token = await vendorToken(request);
  const { list } = await call<{ list: { id: string; name: string }[] }>(
    request,
    '/sa/pks',
    { page: 1, pageSize: 50, keyword: seed.packageName },
    token,
  );
  const pkg = list.find((p) => p.name === seed.packageName);
  expect(pkg, 'the setup package').toBeTruthy();
  const { codes } = await call<{ codes: string[] }>(
    request,
    '/sa/pk/codes',
    { packageId: pkg!.id, count },
    token,
  );
  return codes;
}

/** A company's session token through the API. */
export async function companyToken(request: APIRequestContext, who: TestCompany) {
  const { token } = await call<{ token: string }>(request, '/com/n/login', {
    email: who.email,
    password: md5(who.password),
    captcha: 'x',
  });
  return token;
}

/** A registered company, recharged with `codes` codes of the setup package. */
export async function fundedCompany(request: APIRequestContext, codes = 1) {
  const who = await registerCompany(request);
  const token = await companyToken(request, who);
  for (const code of codes ? await rechargeCodes(request, codes) : []) {
    await call(request, '/com/recharge', { code }, token);
  }
  return { ...who, token };
}

/** A licence request file (.dat) as the console writes it, saved to a temporary file. */
export function requestFile(kind: EngineKind, months: number, name?: string) {
  const deviceId = `dev-${Math.random().toString(36).slice(2, 10)}`;
  const { request, file } = makeLicenceRequest({ kind, deviceId, months, name });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-dat-'));
  const filePath = path.join(dir, `${deviceId}.dat`);
  fs.writeFileSync(filePath, file);
  return { path: filePath, request, file, deviceId };
}

/** Uploads and issues a request through the API; returns the device id. */
export async function issuedDevice(
  request: APIRequestContext,
  token: string,
  kind: EngineKind = 'TDE',
  months = 3,
) {
  const dat = requestFile(kind, months, `host ${kind}`);
  const parsed = await call<{ requestId: string }>(
    request,
    '/com/auth/device',
    { file: dat.file },
    token,
  );
  await call(request, '/com/issue', { requestId: parsed.requestId, months }, token);
  return dat.deviceId;
}

/** Opens a portal page in a language chosen before the app starts (stored choice). */
export async function useLanguage(page: Page, language: 'zh-CN' | 'en-US') {
  await page.goto('/login');
  await page.getByRole('button', { name: language === 'en-US' ? 'English' : '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}
