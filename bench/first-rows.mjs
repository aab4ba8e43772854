// Issue 22 figures, in Debian's Chromium on the built app (run `npm run build` first), with a
// tenant of FLEET_SEED devices (10,000) served by bench/lib/fleet-server.ts:
// - /admin/devices reloaded with a warm cache: from the start of the navigation to the first
//   device row on screen (budget < 1 s), with when the list's call started and ended and how
//   many script and style files the page loaded;
// - signing in at /admin/login: from the click on "Log in" to the home's heading (budget
//   < 0.8 s).
// Medians of BENCH_RUNS (5) after one warm-up each. BENCH_COMPARE=<a web dist folder> measures
// that build too, on a server of its own, one run of each in turn: on this shared machine only
// figures taken side by side compare. Run: node bench/first-rows.mjs
import { chromium } from 'playwright-core';
import { startFleet } from './lib/fleet.mjs';
import { median } from './lib/measure.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const seed = Number(process.env.FLEET_SEED ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 18380);
const BUDGET = { rows: 1000, signIn: 800 };
const builds = [{ name: 'this build', env: {} }];
if (process.env.BENCH_COMPARE)
  builds.push({ name: process.env.BENCH_COMPARE, env: { WEB_DIST: process.env.BENCH_COMPARE } });

let browser;
const fleets = [];
const stopAll = async () => {
  await browser?.close().catch(() => undefined);
  await Promise.all(fleets.map((f) => f.stop()));
};
process.on('uncaughtException', (err) => {
  console.error(err);
  void stopAll().finally(() => process.exit(1));
});

for (const [i, build] of builds.entries())
  fleets.push(await startFleet({ port: port + i, seed, env: build.env }));
// The tenant lives on its own host (fleet.local); Chromium is told where that host is.
browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    `--host-resolver-rules=MAP ${fleets[0].host} 127.0.0.1`,
    '--disable-background-networking',
    '--disable-component-update',
  ],
});

/** One browser tab on one server: its cache and service worker are that origin's. */
async function tabFor(fleet, i) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const origin = `http://${fleet.host}:${port + i}`;
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  const homeHeading = page.getByRole('heading', { level: 1 });
  return {
    /**
     * Signs in through the form; answers the ms from the click to the home's heading. Signs out
     * again (storage emptied) unless `stay`.
     */
    async signIn(stay = false) {
      await page.goto(`${origin}/admin/login`);
      await page.locator('#admin-login input').first().fill('admin');
      await page.locator('#admin-login input[type="password"]').fill('Bench#Admin2026');
      await page.evaluate(() =>
        globalThis.addEventListener('click', () => (globalThis.__clicked = performance.now()), {
          capture: true,
          once: true,
        }),
      );
      await page.locator('#admin-login button[type="submit"]').click();
      await page.waitForURL(`${origin}/admin`);
      await homeHeading.waitFor();
      const ms = await page.evaluate(() => performance.now() - globalThis.__clicked);
      if (!stay) await page.evaluate(() => localStorage.clear());
      return ms;
    },
    /** Signs in and opens the device centre once (the cache warm). */
    async openDevices() {
      await this.signIn(true);
      await page.goto(`${origin}/admin/devices`);
      await firstRow.waitFor();
    },
    /** Reloads the device centre; answers when the first row showed and when the list was called. */
    async reloadDevices() {
      await page.reload({ waitUntil: 'commit' });
      await firstRow.waitFor();
      return page.evaluate(() => {
        const entries = performance.getEntriesByType('resource');
        const list = entries.filter((e) => e.name.includes('/api/dv/m/list'));
        return {
          row: performance.now(),
          listStart: list[0]?.startTime ?? NaN,
          listEnd: list[0]?.responseEnd ?? NaN,
          listCalls: list.length,
          files: entries.filter((e) => /\.(js|css)$/.test(new URL(e.name).pathname)).length,
        };
      });
    },
  };
}

const tabs = await Promise.all(fleets.map(tabFor));
const figures = builds.map(() => ({ signIns: [], reloads: [] }));
// Warm-ups: the first visit fills the HTTP cache and installs the service worker.
for (const tab of tabs) await tab.signIn();
for (let r = 0; r < runs; r++)
  for (const [i, tab] of tabs.entries()) figures[i].signIns.push(await tab.signIn());
for (const tab of tabs) {
  await tab.openDevices();
  await tab.reloadDevices();
}
for (let r = 0; r < runs; r++)
  for (const [i, tab] of tabs.entries()) figures[i].reloads.push(await tab.reloadDevices());
await stopAll();

const ms = (v) => `${Math.round(v)} ms`;
const list = (values) => `[${values.map((v) => Math.round(v)).join(', ')}]`;
console.log(
  `Chromium, ${seed} devices, medians of ${runs} after a warm-up (${new Date().toISOString()})`,
);
for (const [i, build] of builds.entries()) {
  const { signIns, reloads } = figures[i];
  const rows = reloads.map((r) => r.row);
  console.log(`${build.name}:`);
  console.log(
    `  /admin/devices reload → first row  ${ms(median(rows))} (budget < ${BUDGET.rows}) ${list(rows)}`,
  );
  console.log(
    `    list called ${ms(median(reloads.map((r) => r.listStart)))} → ` +
      `${ms(median(reloads.map((r) => r.listEnd)))}, ${median(reloads.map((r) => r.listCalls))} time(s); ` +
      `${median(reloads.map((r) => r.files))} script and style files`,
  );
  console.log(
    `  sign-in click → home               ${ms(median(signIns))} (budget < ${BUDGET.signIn}) ${list(signIns)}`,
  );
}
if (builds.length === 2) {
  const ratio = (key, pick) =>
    (median(figures[0][key].map(pick)) / median(figures[1][key].map(pick))).toFixed(2);
  console.log(
    `this build / the other: first row ×${ratio('reloads', (r) => r.row)}, sign-in ×${ratio('signIns', (v) => v)}`,
  );
}
