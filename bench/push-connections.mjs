// What holding engines' push streams costs (issue 11, for the push channel of the next issue):
// a Fastify server holds PUSH_CONNECTIONS (18,000: a process may open 20,000 files here)
// server-sent-event streams from two client processes; printed: the server's memory per stream,
// its CPU while they idle (with a keep-alive comment every 25 s), and the delay of nudges sent
// to random streams. Run: node bench/push-connections.mjs
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { median } from './lib/measure.mjs';

const total = Number(process.env.PUSH_CONNECTIONS ?? 18_000);
const port = 18300;
const dir = import.meta.dirname;

function child(file, env) {
  const proc = spawn(process.execPath, [path.join(dir, 'lib', file)], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiters = [];
  readline.createInterface({ input: proc.stdout }).on('line', (l) => {
    const v = JSON.parse(l);
    const w = waiters.findIndex((x) => x.test(v));
    if (w >= 0) waiters.splice(w, 1)[0].resolve(v);
    else lines.push(v);
  });
  return {
    proc,
    lines,
    next: (test) => {
      const i = lines.findIndex(test);
      if (i >= 0) return Promise.resolve(lines.splice(i, 1)[0]);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
  };
}

const server = child('push-server.mjs');
await server.next((v) => v.ready);
const usage = async () => {
  server.proc.stdin.write('usage\n');
  return server.next((v) => v.streams !== undefined);
};
const before = await usage();
const half = Math.floor(total / 2);
const t0 = performance.now();
const clients = [
  child('push-client.mjs', { COUNT: String(half), FIRST_ADDRESS: '2' }),
  child('push-client.mjs', { COUNT: String(total - half), FIRST_ADDRESS: '2' }),
];
await Promise.all(clients.map((c) => c.next((v) => v.open !== undefined)));
const openMs = performance.now() - t0;
await new Promise((r) => setTimeout(r, 2_000));
const held = await usage();
await new Promise((r) => setTimeout(r, 30_000)); // one keep-alive round
const idle = await usage();
const delays = [];
for (let round = 0; round < 20; round++) {
  server.proc.stdin.write('nudge 50\n');
  await new Promise((r) => setTimeout(r, 100));
}
await new Promise((r) => setTimeout(r, 1_000));
for (const c of clients)
  for (const v of c.lines.splice(0)) if (v.delay !== undefined) delays.push(v.delay);
delays.sort((a, b) => a - b);
for (const c of clients) c.proc.kill();
server.proc.kill();

const mb = (b) => (b / 2 ** 20).toFixed(0);
console.log(
  `Push streams held by one server process (${held.streams} of ${total} open in ${(openMs / 1000).toFixed(1)} s)`,
);
console.log(
  `  server memory: ${mb(before.rss)} MB idle, ${mb(held.rss)} MB with the streams = ${((held.rss - before.rss) / held.streams / 1024).toFixed(1)} KB per stream (heap ${((held.heap - before.heap) / held.streams / 1024).toFixed(1)} KB)`,
);
console.log(
  `  server CPU while they idle for 30 s (one keep-alive comment each): ${(((idle.cpu - held.cpu) / 30) * 100).toFixed(1)} % of a core`,
);
console.log(
  `  nudge delay (send → received by the client), ${delays.length} nudges: median ${median(delays)} ms, p99 ${delays[Math.floor(delays.length * 0.99)] ?? '-'} ms, max ${delays.at(-1) ?? '-'} ms`,
);
console.log(
  `  at this rate 50,000 streams ≈ ${mb(before.rss + ((held.rss - before.rss) / held.streams) * 50_000)} MB, 100,000 ≈ ${mb(before.rss + ((held.rss - before.rss) / held.streams) * 100_000)} MB (a process needs LimitNOFILE above the count)`,
);
