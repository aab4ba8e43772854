// Starts the built server (packages/server/dist) as a child process on a fresh DATA_DIR and
// measures the time from spawn to its first answer of /api/owner/n/ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export async function waitFor(url, { timeoutMs = 60_000, method = 'POST' } = {}) {
  const start = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > timeoutMs)
      throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function startServer({ port, env = {} }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'packages/server/dist/index.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/owner/n/ts`);
  const startupMs = performance.now() - t0;
  return {
    base,
    dataDir,
    startupMs,
    /** Ends the server at once, for an exit handler (no cleanup of its directory). */
    kill() {
      child.kill('SIGTERM');
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
