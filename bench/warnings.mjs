// Issue 26's warning budget: a warning reaches the test SMS gateway and webhook receiver within
// 5 s of its cause. One server (bench/lib/fleet-server.ts, FLEET_SEED devices, 100,000) on
// PGlite or PostgreSQL (WARN_DB=pg), the test receiver (packages/server/src/test/
// notify-receiver.ts) as its SMS gateway and webhook, warnings of DPI alerts on. One engine posts
// a DPI change (POST /api/agent/logs) WARN_SAMPLES times (20), at random moments; each sample is
// the time from that post to the SMS, and to the webhook, that name the changed path. Then every
// cause is turned on (licences ending and silent devices swept over all the seeded devices each
// minute) and the samples are taken again.
// Run: node --import tsx bench/warnings.mjs
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { startFleet, adminCaller } from './lib/fleet.mjs';
import { startNotifyReceiver } from '../packages/server/src/test/notify-receiver.ts';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const samples = env('WARN_SAMPLES', 20);
const seed = env('FLEET_SEED', 100_000);
const database = process.env.WARN_DB ?? 'pglite';
const BUDGET_MS = 5_000;

const rx = await startNotifyReceiver();
const t0 = performance.now();
const fleet = await startFleet({ port: env('BENCH_PORT', 18420), seed, database });
console.log(
  `server on ${database} with ${seed.toLocaleString('en-US')} devices in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
);
const admin = adminCaller(() => fleet);
await admin('/sms/s/set', {
  mode: 'http',
  http: {
    channel: 'bench',
    method: 'POST',
    contentType: 'json',
    url: `${rx.url}/sms`,
    headers: [],
    params: [
      { key: 'to', value: '#m#' },
      { key: 'text', value: '#c#' },
    ],
  },
  phone: '13800138000',
});
const warn = (causes) =>
  admin('/warn/s/set', {
    enabled: true,
    maxReminders: 1,
    intervalMinutes: 60,
    language: 'en-US',
    timeZone: 'UTC',
    text: 'EDP',
    causes,
    offlineMinutes: 30,
    channels: ['sms', 'webhook'],
    phones: ['13900139000'],
    emails: [],
    webhookUrl: `${rx.url}/hook`,
    webhookSecret: 'bench-secret-0123456789',
  });
const enrol = await fetch(`${fleet.base}/api/agent/enrol`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', host: fleet.host },
  body: JSON.stringify({
    secret: fleet.secret,
    identity: {
      name: 'bench-dpi-01',
      ip: '10.1.2.3',
      systemType: 'Linux',
      version: '1.1.0',
      kind: 'DPI',
      fingerprint: randomBytes(32).toString('hex'),
    },
    state: { install: 'installed', detection: 'ok', activation: 'active', version: '1.1.0' },
  }),
}).then((r) => r.json());
const token = enrol.data.token;
let seq = 0;

async function sample(i, label) {
  const file = `/etc/app/${label}-${i}.conf`;
  seq += 1;
  const posted = Date.now();
  const res = await fetch(`${fleet.base}/api/agent/logs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      stream: 'bench',
      held: seq,
      entries: [
        {
          seq,
          at: new Date().toISOString(),
          kind: 'dpi',
          change: 'altered',
          path: file,
          sha256: 'ab'.repeat(32),
        },
      ],
    }),
  }).then((r) => r.json());
  if (!res.success) throw new Error(JSON.stringify(res));
  const until = Date.now() + 30_000;
  let sms;
  let hook;
  while ((!sms || !hook) && Date.now() < until) {
    sms ??= rx.under('/sms').find((r) => String(r.body.text).includes(file));
    hook ??= rx.under('/hook').find((r) => r.body.warnings?.some((w) => w.detail?.path === file));
    await new Promise((r) => setTimeout(r, 20));
  }
  return { sms: sms ? sms.at - posted : Infinity, hook: hook ? hook.at - posted : Infinity };
}

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
async function round(label) {
  const got = [];
  for (let i = 0; i < samples; i++) {
    await new Promise((r) => setTimeout(r, Math.random() * 1_000));
    got.push(await sample(i, label));
  }
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  for (const key of ['sms', 'hook']) {
    const xs = got.map((g) => g[key]);
    const max = Math.max(...xs);
    console.log(
      `${label.padEnd(12)} ${key.padEnd(5)} median ${pct(xs, 0.5)} ms, p95 ${pct(xs, 0.95)} ms, max ${max} ms` +
        ` (budget ${BUDGET_MS} ms: ${max <= BUDGET_MS ? 'met' : 'NOT met'}; load ${load})`,
    );
  }
}

await warn(['dpi']);
await round('dpi only');
await warn(['dpi', 'offline', 'licence', 'taskFailed', 'review']);
// Past a minute: the sweeps of licences and silent devices over every seeded device have run.
await new Promise((r) => setTimeout(r, 65_000));
await round('every cause');
await fleet.stop();
await rx.close();
