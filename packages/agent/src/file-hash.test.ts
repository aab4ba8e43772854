import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashProgram, hashRegularFile, PROGRAM_MAX_BYTES } from './file-hash.ts';
import { hashFile } from './dpi.ts';

/** The hashing of files a console user names, on real files of each kind (issue 34, 5 and 8). */
let root: string;
let fifo: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-file-hash-'));
  fifo = path.join(root, 'pipe');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** The engine code a hashing answers, or 'hashed'; fails after 3 s (a hang). */
async function codeOf(work: Promise<unknown>): Promise<number | string> {
  const timeout = new Promise<string>((r) => setTimeout(() => r('no answer in 3 s'), 3_000));
  return Promise.race([
    work.then(
      () => 'hashed',
      (err: { code?: number }) => err.code ?? String(err),
    ),
    timeout,
  ]);
}

const write = (name: string, content: string | Buffer, mode: number) => {
  const file = path.join(root, name);
  fs.writeFileSync(file, content, { mode });
  fs.chmodSync(file, mode);
  return file;
};

describe('hashProgram', () => {
  it('hashes an executable regular file, a link to it as its target', async () => {
    const tool = write('tool', '#!/bin/sh\n', 0o755);
    const link = path.join(root, 'tool-link');
    fs.symlinkSync(tool, link);
    const sha256 = createHash('sha256').update('#!/bin/sh\n').digest('hex');
    for (const file of [tool, link]) {
      expect(await hashProgram(file)).toMatchObject({ sha256, size: 10 });
    }
  });

  it('refuses a FIFO without waiting for a writer (-29), through a link too', async () => {
    const link = path.join(root, 'pipe-link');
    fs.symlinkSync(fifo, link);
    fs.chmodSync(fifo, 0o755);
    expect(await codeOf(hashProgram(fifo))).toBe(-29);
    expect(await codeOf(hashProgram(link))).toBe(-29);
  });

  it('refuses /proc, /sys and /dev, whatever the link that leads there (-25)', async () => {
    const link = path.join(root, 'zero-link');
    fs.symlinkSync('/dev/zero', link);
    for (const file of ['/dev/zero', link, '/proc/self/environ', '/sys/kernel/uevent_seqnum']) {
      expect(await codeOf(hashProgram(file)), file).toBe(-25);
    }
  });

  // A device node outside /dev (root may make one): judged by the opened descriptor.
  it.skipIf(process.getuid?.() !== 0)('refuses a device wherever it is (-29)', async () => {
    const zero = path.join(root, 'zero');
    expect(spawnSync('mknod', ['-m', '0755', zero, 'c', '1', '5']).status).toBe(0);
    expect(await codeOf(hashProgram(zero))).toBe(-29);
  });

  it('refuses a readable file that is no program, and a link to it (-29)', async () => {
    const shadow = write('shadow', 'root:$6$x:19000::::::\n', 0o600);
    const link = path.join(root, 'shadow-link');
    fs.symlinkSync(shadow, link);
    expect(await codeOf(hashProgram(shadow))).toBe(-29);
    expect(await codeOf(hashProgram(link))).toBe(-29);
  });

  it('refuses a program over PROGRAM_MAX_BYTES (-29), a folder (-21), a missing file (-17)', async () => {
    const big = write('big', '', 0o755);
    fs.truncateSync(big, PROGRAM_MAX_BYTES + 1);
    expect(await codeOf(hashProgram(big))).toBe(-29);
    expect(await codeOf(hashProgram(root))).toBe(-21);
    expect(await codeOf(hashProgram(path.join(root, 'none')))).toBe(-17);
  });
});

describe('hashRegularFile', () => {
  it('stops at its time limit or an abort (-44)', async () => {
    const big = write('slow', '', 0o644);
    fs.truncateSync(big, 64 * 1024 * 1024);
    expect(await codeOf(hashRegularFile(big, { timeoutMs: 1 }))).toBe(-44);
    const aborted = AbortSignal.abort();
    expect(await codeOf(hashRegularFile(big, { signal: aborted }))).toBe(-44);
  });

  it('counts what it reads against maxBytes, not what the file says', async () => {
    // /proc's files say 0 bytes and hold more: the limit holds on what is read.
    expect(await codeOf(hashRegularFile('/proc/self/status', { maxBytes: 16 }))).toBe(-29);
    expect(await codeOf(hashRegularFile('/proc/self/status', { maxBytes: 1 << 20 }))).toBe(
      'hashed',
    );
  });

  it('does not follow a final link', async () => {
    const target = write('data', 'data', 0o644);
    const link = path.join(root, 'data-link');
    fs.symlinkSync(target, link);
    expect(await codeOf(hashRegularFile(link))).toBe(-29);
  });
});

describe("DPI's hashFile", () => {
  it('refuses a FIFO swapped in for a data file instead of hanging (-29)', async () => {
    expect(await codeOf(hashFile(fifo))).toBe(-29);
    const data = write('data.txt', 'abc', 0o600);
    expect(await hashFile(data)).toEqual({
      sha256: createHash('sha256').update('abc').digest('hex'),
      size: 3,
    });
  });
});
