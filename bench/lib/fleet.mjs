// Starts bench/lib/fleet-server.ts (bundled like dist/index.js) as a child and reads its JSON
// lines: the first says where it listens, the last (after stop) its CPU time and peak memory.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';
import pg from 'pg';
import { serverBundle } from '../../packages/server/esbuild.options.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const bundle = path.join(root, 'packages/server/dist/bench-fleet-server.js');
let built;

/** A fresh PostgreSQL database (BENCH_DB=pg), dropped by `drop()`. */
async function freshPostgres() {
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `edp_bench_${process.pid}_${Date.now()}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const d = new pg.Client({ connectionString: admin });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

/**
 * Starts the fleet server. `again`: the `reuse` of an earlier fleet, to start a server on its
 * data (its DATA_DIR, or its PostgreSQL database) after that one was killed.
 */
export async function startFleet({ port, seed, database = 'pglite', env = {}, again }) {
  built ??= build(serverBundle(path.join(root, 'bench/lib/fleet-server.ts'), bundle));
  await built;
  const pgDb = again?.pgDb ?? (database === 'pg' ? await freshPostgres() : undefined);
  const dataDir = again?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bench-fleet-'));
  // FLEET_NODE_ARGS: node's own options for the server, e.g. --cpu-prof to profile a bench.
  const nodeArgs = process.env.FLEET_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // FLEET_NOFILE: the server's limit of open files (soft and hard), set with prlimit, which it
  // reads at start (docs/operations.md "Open files"); unset, it inherits this process's.
  const nofile = process.env.FLEET_NOFILE;
  const [command, args] = nofile
    ? ['prlimit', [`--nofile=${nofile}:${nofile}`, process.execPath, ...nodeArgs, bundle]]
    : [process.execPath, [...nodeArgs, bundle]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      FLEET_SEED: String(seed),
      FLEET_DATA_DIR: dataDir,
      DATABASE_URL: pgDb?.url ?? '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout });
  const queue = [];
  let waiting;
  lines.on('line', (line) => (waiting ? (waiting(line), (waiting = undefined)) : queue.push(line)));
  const next = () =>
    queue.length ? Promise.resolve(queue.shift()) : new Promise((r) => (waiting = r));
  const info = JSON.parse(
    await Promise.race([
      next(),
      new Promise((_, reject) =>
        child.once('exit', (code) => reject(new Error(`fleet server exited with ${code}`))),
      ),
    ]),
  );
  // A server that goes while a bench drives it says how (a signal from outside, a crash).
  let ending = false;
  child.once('exit', (code, signal) => {
    if (!ending) console.error(`fleet server exited unexpectedly: code ${code}, signal ${signal}`);
  });
  return {
    ...info,
    /** What a server started on the same data needs (`again`). */
    reuse: { dataDir, pgDb },
    /** Kills the server at once (SIGKILL), leaving its data for `again`. */
    async kill() {
      ending = true;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
    /**
     * Stops the server (SIGTERM: the close a deployment's stop runs); answers its CPU seconds,
     * peak resident memory and how long its close took (closeMs).
     */
    async stop() {
      ending = true;
      const usage = next();
      // Then the close's own time (closeMs), unless the server exits without it.
      const closed = usage.then(() => next());
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const figures = JSON.parse(await usage);
      const close = await Promise.race([closed, exited.then(() => undefined)]);
      await exited;
      if (!env.FLEET_KEEP_DATA) await pgDb?.drop();
      return { ...figures, ...(close ? JSON.parse(close) : {}) };
    },
  };
}

/**
 * A console call as the fleet's administrator: answers the envelope's data, throws on a
 * refusal. `current` answers the fleet as it is now (a bench may have started it again).
 */
export function adminCaller(current) {
  return async (url, body) => {
    const fleet = current();
    const res = await fetch(`${fleet.base}/api${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-token': fleet.adminToken,
        host: fleet.host,
      },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    if (!answer.success) throw new Error(`${url}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
}
