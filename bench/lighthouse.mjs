// Issue 10 figures: Lighthouse (Debian's Chromium, headless) on /login, /register and the console
// home (/admin, signed in), desktop and mobile, medians of BENCH_RUNS runs (3) each.
// Budgets: performance ≥ 95 desktop and ≥ 90 mobile, accessibility 100, SEO 100.
// Run after `npm run build`: node bench/lighthouse.mjs
// LH_PAGES=login,register,admin and LH_FORMS=desktop,mobile pick a part; LH_PORT (4520) the
// server's port; LH_JSON=dir keeps every report.
import { createCipheriv, createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { median } from './lib/measure.mjs';
import { startServer } from './lib/server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.LH_PORT ?? 4520);
const only = (name, all) => (process.env[name] ? process.env[name].split(',') : all);
const forms = only('LH_FORMS', ['desktop', 'mobile']);
const keepDir = process.env.LH_JSON;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BUDGET = {
  desktop: { performance: 95, accessibility: 100, seo: 100 },
  mobile: { performance: 90, accessibility: 100, seo: 100 },
};
// The console lives on its tenant's host; Chromium sends *.localhost to this machine.
const TENANT_HOST = 'lh.localhost';
const ADMIN = { account: 'admin', password: 'Bench#Admin2026' };

const md5 = (text) => createHash('md5').update(text).digest('hex');

/** A POST to the server as `host` (Node's fetch will not send another Host header). */
function post(urlPath, body, host) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: `/api${urlPath}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', host: `${host}:${port}` },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          const answer = JSON.parse(text);
          if (answer.success) resolve(answer.data);
          else reject(new Error(`${urlPath}: ${text}`));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * A value as packages/web/src/lib/storage.ts keeps it in local storage: AES-128-CBC with the
 * key and IV the bundle ships (obfuscation, not secrecy), base64. The same as the browser tests'
 * packages/e2e/tests/support/session.ts, where a drift would fail the tests at the login page.
 */
function storedValue(value) {
  const cipher = createCipheriv('aes-128-cbc', 'edp-console-k16!', 'edp-console-iv16');
  return Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]).toString(
    'base64',
  );
}

const server = await startServer({ port });
// The server is a child process: never leave it running, whatever ends this script.
process.on('exit', () => server.kill());
// A tenant on its own host, set up as the wizard would (no captcha on its login form), and its
// administrator signed in through the login API: the browser gets what the app keeps after a
// sign-in through the form.
await post(
  '/owner/n/reg',
  {
    company: 'Lighthouse Ltd',
    sysName: 'Lighthouse',
    admin: { account: ADMIN.account, name: ADMIN.account, password: md5(ADMIN.password) },
    loginSet: { picCodeTag: false },
  },
  TENANT_HOST,
);
const signedIn = await post(
  '/login/n/login',
  { account: ADMIN.account, password: md5(ADMIN.password) },
  TENANT_HOST,
);
const adminStorage = { 'edp.token': signedIn.token, 'edp.user': signedIn.user };

const PAGES = {
  login: { url: `http://127.0.0.1:${port}/login` },
  register: { url: `http://127.0.0.1:${port}/register` },
  admin: { url: `http://${TENANT_HOST}:${port}/admin`, storage: adminStorage },
};
const pages = only('LH_PAGES', Object.keys(PAGES));

/**
 * Puts `storage` into the origin's local storage from an answer of the API (not the app, so
 * nothing of the app is cached or registered), then empties the browser's caches all the same:
 * the page is measured as a first visit by someone signed in.
 */
async function seedStorage(chromePort, origin, storage) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const tab = await browser.newPage();
  await tab.goto(`${origin}/api/health`);
  await tab.evaluate(
    (items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    },
    Object.fromEntries(Object.entries(storage).map(([k, v]) => [k, storedValue(v)])),
  );
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'cookies,cache_storage,service_workers,indexeddb',
  });
  await tab.close();
  await browser.disconnect();
}

/** One Lighthouse run in a browser of its own (a fresh profile: nothing cached). */
async function audit(page, form) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    if (page.storage) await seedStorage(chrome.port, new URL(page.url).origin, page.storage);
    const result = await lighthouse(
      page.url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        // Lighthouse clears the origin's storage first; the signed-in page keeps its session.
        disableStorageReset: !!page.storage,
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

/** The audits that cost a category points, weightiest first: what to fix. */
function losses(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1)
    .sort((a, b) => b.weight - a.weight)
    .map((ref) => ref.id);
}

const rows = [];
let lighthouseVersion = '?';
let chromiumVersion = '?';
for (const name of pages) {
  for (const form of forms) {
    const reports = [];
    for (let i = 0; i < runs; i++) {
      // Lighthouse now and then loses the trace on this busy machine (NO_NAVSTART): try again.
      let lhr = await audit(PAGES[name], form);
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) {
        console.error(`  retry: ${name} ${form}: ${lhr.runtimeError.code}`);
        lhr = await audit(PAGES[name], form);
      }
      if (lhr.runtimeError) throw new Error(`${name} ${form}: ${lhr.runtimeError.message}`);
      if (keepDir) {
        fs.mkdirSync(keepDir, { recursive: true });
        fs.writeFileSync(path.join(keepDir, `${name}-${form}-${i + 1}.json`), JSON.stringify(lhr));
      }
      reports.push(lhr);
      lighthouseVersion = lhr.lighthouseVersion;
      chromiumVersion = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? '?';
    }
    const score = (c) => median(reports.map((r) => Math.round(r.categories[c].score * 100)));
    const metric = (id) => median(reports.map((r) => r.audits[id].numericValue));
    const row = {
      name,
      form,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      bytes: metric('total-byte-weight'),
      // From the last run; the other runs' are alike unless the score moved.
      losses: Object.fromEntries(CATEGORIES.map((c) => [c, losses(reports.at(-1), c)])),
    };
    rows.push(row);
    console.error(`  done: ${name} ${form} ${JSON.stringify(row.scores)}`);
  }
}
await server.stop();

console.log(
  'lighthouse bench (Lighthouse %s, %s; medians of %d runs)',
  lighthouseVersion,
  chromiumVersion,
  runs,
);
console.log('  page      form     perf  a11y  b.p.  seo   FCP     LCP     TBT    transfer');
let over = false;
for (const r of rows) {
  const s = r.scores;
  const budget = BUDGET[r.form];
  const miss = Object.entries(budget).filter(([c, min]) => s[c] < min);
  over ||= miss.length > 0;
  console.log(
    `  ${r.name.padEnd(9)} ${r.form.padEnd(8)} ${[
      s.performance,
      s.accessibility,
      s['best-practices'],
      s.seo,
    ]
      .map((v) => String(v).padStart(4))
      .join('  ')}  ${(r.fcp / 1000).toFixed(1).padStart(4)} s  ${(r.lcp / 1000)
      .toFixed(1)
      .padStart(4)} s  ${String(Math.round(r.tbt)).padStart(4)} ms  ${(r.bytes / 1024)
      .toFixed(0)
      .padStart(4)} KB  ${miss.length ? `OVER: ${miss.map(([c]) => c).join(', ')}` : 'OK'}`,
  );
  for (const c of CATEGORIES) {
    if (r.losses[c].length) console.log(`      ${c} loses on: ${r.losses[c].join(', ')}`);
  }
}
console.log(
  `budgets: performance ≥ ${BUDGET.desktop.performance} desktop, ≥ ${BUDGET.mobile.performance} mobile; accessibility and SEO 100: ${over ? 'OVER' : 'OK'}`,
);
