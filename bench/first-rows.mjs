// Issue 22 figures, in Debian's Chromium on the built app (run `npm run build` first), with a
// tenant of FLEET_SEED devices (10,000) served by bench/lib/fleet-server.ts:
// - /admin/devices reloaded with a warm cache: from the start of the navigation to the first
//   device row on screen (budget < 1 s), with when the list's call started and ended;
// - signing in at /admin/login: from the click on "Log in" to the home's heading (budget
//   < 0.8 s).
// Medians of BENCH_RUNS (5) after one warm-up each. Run: node bench/first-rows.mjs
/* global document, window -- the functions given to page.evaluate run in the browser */
import { chromium } from 'playwright-core';
import { startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const seed = Number(process.env.FLEET_SEED ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 18380);
const BUDGET = { rows: 1000, signIn: 800 };

const fleet = await startFleet({ port, seed });
const stopAll = async () => {
  await browser?.close().catch(() => undefined);
  await fleet.stop();
};
let browser;
process.on('uncaughtException', (err) => {
  console.error(err);
  void stopAll().finally(() => process.exit(1));
});

// The tenant lives on its own host (fleet.local); Chromium is told where that host is.
browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    `--host-resolver-rules=MAP ${fleet.host} 127.0.0.1`,
    '--disable-background-networking',
    '--disable-component-update',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
const origin = `http://${fleet.host}:${port}`;
const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
const homeHeading = page.getByRole('heading', { level: 1 });

/** Signs in through the form; answers the ms from the click to the home's heading. */
async function signIn() {
  await page.goto(`${origin}/admin/login`);
  await page.locator('#admin-login input').first().fill('admin');
  await page.locator('#admin-login input[type="password"]').fill('Bench#Admin2026');
  await page.evaluate(() =>
    document.addEventListener('click', () => (window.__clicked = performance.now()), {
      capture: true,
      once: true,
    }),
  );
  await page.locator('#admin-login button[type="submit"]').click();
  await page.waitForURL(`${origin}/admin`);
  await homeHeading.waitFor();
  return page.evaluate(() => performance.now() - window.__clicked);
}

/** Reloads the device centre; answers when the first row showed and when the list was called. */
async function reloadDevices() {
  await page.reload({ waitUntil: 'commit' });
  await firstRow.waitFor();
  return page.evaluate(() => {
    const list = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/api/dv/m/list'));
    const files = performance
      .getEntriesByType('resource')
      .filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname));
    return {
      row: performance.now(),
      listStart: list?.startTime ?? NaN,
      listEnd: list?.responseEnd ?? NaN,
      files: files.length,
    };
  });
}

const signOut = () => page.evaluate(() => localStorage.clear());

// Warm-up: the first visit fills the HTTP cache and installs the service worker.
await signIn();
await signOut();
const signIns = [];
for (let i = 0; i < runs; i++) {
  signIns.push(await signIn());
  if (i < runs - 1) await signOut();
}

await page.goto(`${origin}/admin/devices`);
await firstRow.waitFor();
const reloads = [];
await reloadDevices();
for (let i = 0; i < runs; i++) reloads.push(await reloadDevices());
await stopAll();

const ms = (v) => `${Math.round(v)} ms`;
const rowMs = median(reloads.map((r) => r.row));
const signInMs = median(signIns);
console.log(
  `Chromium, ${seed} devices, median of ${runs} after a warm-up (${new Date().toISOString()})`,
);
console.log(
  `/admin/devices reload → first row: ${ms(rowMs)} (budget < ${BUDGET.rows}) ` +
    `[${reloads.map((r) => Math.round(r.row)).join(', ')}]`,
);
console.log(
  `  list call ${ms(median(reloads.map((r) => r.listStart)))} → ${ms(median(reloads.map((r) => r.listEnd)))}, ` +
    `${median(reloads.map((r) => r.files))} script and style files`,
);
console.log(
  `sign-in click → home: ${ms(signInMs)} (budget < ${BUDGET.signIn}) ` +
    `[${signIns.map((v) => Math.round(v)).join(', ')}]`,
);
