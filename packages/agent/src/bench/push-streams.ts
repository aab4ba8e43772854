/**
 * How many push streams one simulator process holds, and how long a nudge takes to come back as
 * a result (docs/engines-agent.md, "Simulator"). Not a test: run by hand,
 *
 *   node --import tsx packages/agent/src/bench/push-streams.ts [count] [seconds] [nudges/s]
 *
 * A stateless console of the engine protocol runs in WORKERS cluster processes on one port
 * (each holds its share of the streams: a process here may open only 20,000 files), and the
 * simulator (`edp-agent simulate`, one process) enrols `count` engines, holds their streams and
 * answers the commands the nudges bring. The primary nudges random devices at the given rate
 * once the streams are open, and prints the simulator's summary with its memory and CPU time.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { enrol, engineEvents, sendResults } from '@edp/shared/api/engine/agent.calls';
import { API_BASE } from '@edp/shared/constants';

const PORT = Number(process.env.PORT ?? 18_540);
const WORKERS = Number(process.env.WORKERS ?? 2);
const INTERVAL = Number(process.env.INTERVAL ?? 60);

type Msg =
  | { kind: 'nudge'; device: string; id: string }
  | { kind: 'done'; ids: string[] }
  | { kind: 'held'; held: number; rss: number };

if (cluster.isPrimary) {
  const count = Number(process.argv[2] ?? 20_000);
  const seconds = Number(process.argv[3] ?? 120);
  const rate = Number(process.argv[4] ?? 50);
  const held = new Map<number, { held: number; rss: number }>();
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  const broadcast = (m: Msg) => {
    for (const w of Object.values(cluster.workers ?? {})) w?.send(m);
  };
  cluster.on('message', (w, m: Msg) => {
    if (m.kind === 'done') broadcast(m);
    if (m.kind === 'held') held.set(w.id, { held: m.held, rss: m.rss });
  });
  await new Promise((r) => setTimeout(r, 1_000));
  const cli = path.join(import.meta.dirname, '..', 'cli.ts');
  const sim = spawn(
    process.execPath,
    [
      ...(process.env.SIM_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
      '--import',
      'tsx',
      cli,
      'simulate',
      '--url',
      `http://127.0.0.1:${PORT}`,
      '--secret',
      'edp_enrol_' + 'B'.repeat(32),
      '--count',
      String(count),
      '--interval',
      '30',
      '--duration',
      String(seconds),
      '--report',
      '10',
      '--offline-share',
      '0',
      '--concurrency',
      '32',
      ...(process.env.SIM_ARGS ?? '').split(' ').filter(Boolean),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  sim.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  let simRssMax = 0;
  let simCpu = 0;
  const sample = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${sim.pid}/status`, 'utf8');
      simRssMax = Math.max(simRssMax, Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
      const stat = fs.readFileSync(`/proc/${sim.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      simCpu = (Number(stat[11]) + Number(stat[12])) / 100;
    } catch {
      // gone
    }
  }, 1_000);
  // Nudges once the streams are open (the first check-ins, and so the streams, spread over 30 s).
  let n = 0;
  const nudger = setTimeout(
    () => {
      const every = setInterval(() => {
        const device = `dev-${Math.floor(Math.random() * count)}`;
        broadcast({ kind: 'nudge', device, id: `c${++n}` });
      }, 1_000 / rate);
      sim.once('exit', () => clearInterval(every));
    },
    Number(process.env.NUDGE_AFTER_S ?? 60) * 1000,
  );
  const status = setInterval(() => {
    const total = [...held.values()].reduce((s, h) => s + h.held, 0);
    console.error(`console: streams held ${total}; nudges sent ${n}`);
  }, 10_000);
  sim.once('exit', () => {
    clearInterval(sample);
    clearInterval(status);
    clearTimeout(nudger);
    const summary = JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, unknown>;
    console.log(
      JSON.stringify(
        {
          count,
          workers: WORKERS,
          nudgesSent: n,
          simulator: { rssMaxMB: Math.round(simRssMax / 1e6), cpuSeconds: simCpu },
          summary,
        },
        null,
        1,
      ),
    );
    for (const w of Object.values(cluster.workers ?? {})) w?.kill();
  });
} else {
  const streams = new Map<string, http.ServerResponse>();
  const pending = new Map<string, { id: string; type: string }[]>();
  const types = ['view.folder', 'engine.version', 'engine.watch', 'se.protect'];
  let t = 0;
  process.on('message', (m: Msg) => {
    if (m.kind === 'nudge') {
      const list = pending.get(m.device) ?? [];
      list.push({ id: m.id, type: types[t++ % types.length]! });
      pending.set(m.device, list);
      streams.get(m.device)?.write('event: checkin\ndata: \n\n');
    } else if (m.kind === 'done') {
      const ids = new Set(m.ids);
      for (const [device, list] of pending) {
        const kept = list.filter((c) => !ids.has(c.id));
        if (kept.length) pending.set(device, kept);
        else pending.delete(device);
      }
    }
  });
  setInterval(() => {
    for (const res of streams.values()) res.write(': keep-alive\n\n');
  }, 25_000);
  setInterval(
    () =>
      process.send!({ kind: 'held', held: streams.size, rss: process.memoryUsage().rss } as Msg),
    2_000,
  );
  const send = (res: http.ServerResponse, data: unknown) => {
    const body = JSON.stringify({ success: true, errCode: 0, msg: 'ok', data });
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  };
  const server = http.createServer((req, res) => {
    const device = /^Bearer tok-(.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (req.method === 'GET' && req.url === API_BASE + engineEvents.path && device) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': open\n\n');
      streams.get(device)?.destroy();
      streams.set(device, res);
      res.on('close', () => streams.get(device) === res && streams.delete(device));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        identity?: { name: string };
        results?: { id: string }[];
      };
      if (req.url === API_BASE + enrol.path) {
        const index = Number(/(\d+)$/.exec(body.identity!.name)![1]);
        return send(res, { deviceId: `dev-${index}`, token: `tok-dev-${index}`, interval: 30 });
      }
      const ids = (body.results ?? []).map((r) => r.id);
      if (ids.length) process.send!({ kind: 'done', ids } as Msg);
      if (req.url === API_BASE + sendResults.path) return send(res, { acknowledged: ids });
      const commands = (pending.get(device!) ?? []).map((c) => ({
        ...c,
        args: { path: '/data' },
        deadline: Date.now() + 60_000,
      }));
      send(res, { interval: INTERVAL, now: Date.now(), commands, acknowledged: ids });
    });
  });
  server.keepAliveTimeout = 120_000;
  server.listen(PORT, '127.0.0.1');
}
