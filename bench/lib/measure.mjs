import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { waitFor } from './server.mjs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Requests per second of one POST, averaged over `seconds`, with `connections` in flight. */
export async function rps({ url, body = '{}', headers = {}, seconds = 4, connections = 16 }) {
  const result = await autocannon({
    url,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
    connections,
    duration: seconds,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result.requests.average;
}

/** The bare server; with `page` (an answer body) it also answers it as is at `pageUrl`. */
export async function startBare(port, page) {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      ...(page ? { BARE_PAGE: JSON.stringify(page) } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/bare`);
  return {
    url: `http://127.0.0.1:${port}/bare`,
    pageUrl: `http://127.0.0.1:${port}/bare-page`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
