import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonErr } from '@edp/shared/errors';

/**
 * Issue 38 point 3: a node under a low limit of open files (a real process started with
 * `ulimit -n`, test/low-limit-server.ts) keeps a margin of them for everything but push
 * streams, refuses streams past it with 503 and Retry-After, and stays up when connections
 * come beyond the limit itself (accepting one then fails with EMFILE). Linux: the limit is
 * read from /proc/self/limits, the files open from /proc/self/fd.
 */
const LIMIT = 512;
// The margin is max(256, a tenth): 256 here, so the node holds at most 256 files' worth of streams.
const STREAMS_MAX = LIMIT - 256;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(process.platform !== 'linux')('a node near its limit of open files', () => {
  let child: ChildProcess;
  let url: string;
  let tokens: string[];
  let metricsToken: string;
  let childLog = '';
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    child = spawn(
      'bash',
      ['-c', `ulimit -n ${LIMIT} && exec node --import tsx src/test/low-limit-server.ts`],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, ENGINES: '3', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stderr!.on('data', (chunk: Buffer) => (childLog += chunk.toString('utf8')));
    const first = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${childLog}`)));
    });
    ({ url, tokens, metricsToken } = JSON.parse(first) as {
      url: string;
      tokens: string[];
      metricsToken: string;
    });
  }, 90_000);

  afterAll(() => {
    for (const s of sockets) s.destroy();
    child?.kill('SIGKILL');
  });

  const openStream = (token: string) =>
    fetch(`${url}/api/agent/events?commands=1`, { headers: { authorization: `Bearer ${token}` } });

  /** `n` connections that send nothing, each holding a file of the node's. */
  const hold = (n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<void>((resolve) => {
            const { port } = new URL(url);
            const s = net.connect(Number(port), '127.0.0.1', () => resolve());
            s.on('error', () => resolve());
            s.on('close', () => resolve());
            sockets.push(s);
          }),
      ),
    );

  const metrics = async () =>
    (
      await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })
    ).text();

  it('refuses streams past the margin with 503 and Retry-After, and stays up', async () => {
    // The start-up log says the limit read from the process and the streams it allows.
    await expect
      .poll(() => childLog)
      .toContain(
        `open files: limit ${LIMIT}, 256 kept for everything else; up to ${STREAMS_MAX} push streams`,
      );

    const first = await openStream(tokens[0]!);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^text\/event-stream/);

    // Other connections (check-ins, users) fill the node's files past the limit less the margin.
    await hold(STREAMS_MAX);
    await sleep(1_100); // the files are counted at most once a second
    const refused = await openStream(tokens[1]!);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(((await refused.json()) as { errCode: number }).errCode).toBe(CommonErr.Unavailable);
    await expect.poll(() => childLog).toMatch(/push streams refused/);

    // Beyond the limit itself: the node cannot accept these (EMFILE), and lives on.
    // (256 more: with the 256 above they pass the 512 files the node may open.)
    await hold(LIMIT / 2);
    await sleep(500);
    // (The size of /proc/<pid>/fd is its count of open files on Linux 6.2 and later.)
    const open = fs.statSync(`/proc/${child.pid}/fd`).size;
    if (open > 0) expect(open).toBeGreaterThanOrEqual(LIMIT - 2);
    expect(child.exitCode).toBeNull();
    expect(child.signalCode).toBeNull();

    for (const s of sockets.splice(0)) s.destroy();
    await sleep(1_100);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { success: boolean }).success).toBe(true);
    // With files free again, the refused engine's next try holds its stream.
    const again = await openStream(tokens[1]!);
    expect(again.status).toBe(200);

    const text = await metrics();
    expect(text).toMatch(/^edp_push_streams_refused_total [1-9]/m);
    expect(text).toContain(`edp_push_streams_max ${STREAMS_MAX}`);
    expect(text).toMatch(/^edp_process_open_fds \d+/m);
    expect(text).toContain(`edp_process_max_fds ${LIMIT}`);
    expect(text).toMatch(/^edp_push_streams 2$/m);
    await first.body?.cancel();
    await again.body?.cancel();
    expect(child.exitCode).toBeNull();
  });
});
