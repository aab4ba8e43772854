import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackup, sha256Of, writeBackup, type BackupHeader } from './log-backup-file.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-backup-file-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const header = (at: string): BackupHeader => ({
  format: 'edp-log-backup',
  version: 1,
  log: 'access_logs',
  week: 'access_logs_w20260914',
  tenantId: '11111111-2222-3333-4444-555555555555',
  from: '2026-09-14T00:00:00.000Z',
  to: '2026-09-21T00:00:00.000Z',
  at,
});
async function* rows(batches: number, size: number, failAt?: number) {
  for (let b = 0; b < batches; b++) {
    if (b === failAt) throw new Error('the database went away');
    yield Array.from({ length: size }, (_, i) =>
      JSON.stringify({ id: b * size + i, path: `/srv/${b}/${i}` }),
    );
  }
}
const files = () => fs.readdirSync(dir, { recursive: true }).map(String).sort();
const read = async (file: string) => {
  const sizes: number[] = [];
  const result = await readBackup(
    file,
    1_000,
    async () => {},
    async (lines) => {
      sizes.push(lines.length);
    },
  );
  return { ...result, sizes };
};

/** The backup file of a week (docs/logs.md "Retention and backup"). */
describe('log backup files', () => {
  it('writes header, rows and trailer gzip’d, with its SHA-256 beside it, and reads them back in batches', async () => {
    const written = await writeBackup(dir, header('2026-11-26T09:00:00.000Z'), rows(3, 5_000));
    expect(written).toMatchObject({
      name: '11111111-2222-3333-4444-555555555555/access_logs_w20260914_20261126T090000Z.jsonl.gz',
      rows: 15_000,
    });
    const file = path.join(dir, written.name);
    const bytes = fs.readFileSync(file);
    expect(written.bytes).toBe(bytes.length);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(written.sha256);
    expect(await sha256Of(file)).toBe(written.sha256);
    expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toBe(
      `${written.sha256}  ${path.basename(file)}\n`,
    );
    const lines = gunzipSync(bytes).toString().trimEnd().split('\n');
    expect(lines).toHaveLength(15_002);
    expect(JSON.parse(lines.at(-1)!)).toEqual({ end: true, rows: 15_000 });
    const back = await read(file);
    expect(back.rows).toBe(15_000);
    expect(Math.max(...back.sizes)).toBe(1_000);
    // No temporary file is left.
    expect(files().filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it('leaves nothing under a backup’s name when its rows fail half way', async () => {
    const before = files();
    await expect(
      writeBackup(dir, header('2026-11-26T10:00:00.000Z'), rows(3, 100, 2)),
    ).rejects.toThrow(/went away/);
    expect(files()).toEqual(before);
  });

  it('refuses a file cut short or without its trailer', async () => {
    const file = path.join(
      dir,
      files().find((f) => f.endsWith('.gz'))!,
    );
    const cut = path.join(dir, 'cut.jsonl.gz');
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(cut, bytes.subarray(0, bytes.length >> 1));
    await expect(read(cut)).rejects.toThrow();
    const lines = gunzipSync(bytes).toString().trimEnd().split('\n');
    fs.writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    await expect(read(cut)).rejects.toThrow(/cut short/);
    fs.writeFileSync(cut, gzipSync('{"format":"something else"}\n'));
    await expect(read(cut)).rejects.toThrow(/not a log backup/);
  });
});
