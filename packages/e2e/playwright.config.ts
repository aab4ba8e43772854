import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { firstRunURL, port, serverURL } from './tests/support/servers.ts';

// Two servers for the whole run, each on a fresh DATA_DIR; workers inherit the environment, so
// the directories are made once, by the main process.
// - the main one (E2E_PORT), seeded through the API by global-setup.ts (the vendor and its
//   package); every test makes its own companies and console tenants on it (tests/fixtures.ts),
//   so that the tests run in any order and in parallel;
// - the first-run one (E2E_PORT + 1), which nobody has set up: the tests of the first-run
//   screens (vendor initialisation, tenant setup wizard) go through them there.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'edp-e2e-'));
process.env.E2E_FIRST_RUN_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'edp-e2e-first-'));

// Chromium's old headless mode, Debian's chromium-headless-shell (the same build as chromium,
// installed by scripts/test-all.sh): no GPU process and a lighter browser process. On the 2-core
// machine the browser tests are CPU-bound and Chromium is about 70 % of their CPU. small-screens
// and admin-users (21 tests), alternating runs on the shared machine: the full browser 93 and
// 96 s (164 and 169 s of CPU), the shell 73 and 74 s (125 and 127 s of CPU), every assertion
// unchanged. E2E_CHROMIUM names another binary; without the shell, the full browser.
const headlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (fs.existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

const server = (listen: number, dataDir: string) => ({
  command: 'node ../server/dist/index.js',
  url: `http://127.0.0.1:${listen}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(listen),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every test's tenant hashes four duty passwords: scrypt at 2^10, not production's 2^15.
    PASSWORD_HASH_COST: '10',
    // Engines in the browser tests check in every 10 s (offline after 30 s without), so the
    // engine's journey waits seconds, not minutes.
    CHECK_IN_INTERVAL_S: '10',
    // notify.spec.ts's SMS gateway and webhook receiver listen on 127.0.0.1, which the outbound
    // guard refuses unless the deployment allows it (docs/notifications.md, "Internal addresses").
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
  },
});

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // A guard against a hung test, not a speed check: the longest journeys (two sign-ins, a
  // forced password change) take 30-50 s when the shared machine is slow.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // 2 and 3 workers measured alike on the 2-core machine (docs/decisions.md, "Browser tests"),
  // 3 a few seconds ahead: a test often waits on the server or a page, another fills the gap.
  workers: 3,
  retries: 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    baseURL: serverURL,
    // No trace unless E2E_TRACE is set (then a failed test keeps its DOM snapshots and network,
    // without the screencast, which took a third of the run's CPU on this machine): recording
    // every action of every passing test cost the browser and Playwright about a sixth of the
    // run (478 -> 394 s with the lighter axe scans, docs/decisions.md "Browser tests"). A failed
    // test still leaves its error and the report.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    // The app's service worker precaches the whole app in every new context, which cost each
    // test about 2 s of CPU; only foundation.spec.ts's offline test, which is about it, allows it.
    serviceWorkers: 'block',
    // The app then drops antd's animations (theme.ts), as for any user who asks for less
    // motion: an action's result is there at once instead of after a transition, which on this
    // shared, software-rendered machine took seconds per click.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'first-run', testMatch: /first-run\/.*\.spec\.ts/, use: { baseURL: firstRunURL } },
    { name: 'chromium', testMatch: /ui\/.*\.spec\.ts/ },
  ],
  webServer: [
    server(port, process.env.E2E_DATA_DIR),
    server(port + 1, process.env.E2E_FIRST_RUN_DATA_DIR),
  ],
});
