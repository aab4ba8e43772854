import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on a fresh DATA_DIR; workers inherit the environment, so the
// directory is made once, by the main process.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'edp-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4310);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  // A guard against a hung test, not a speed check: the longest journeys (two sign-ins, a
  // forced password change) take 30-50 s when the shared machine is slow.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app then drops antd's animations (theme.ts), as for any user who asks for less
    // motion: an action's result is there at once instead of after a transition, which on this
    // shared, software-rendered machine took seconds per click.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  // `*.setup.ts` files run first, once, on the fresh server: they go through the first-run
  // screens (vendor initialisation, tenant setup wizard) that every other test relies on.
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testIgnore: /.*\.setup\.ts/, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node ../server/dist/index.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
