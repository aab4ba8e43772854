import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/** What a backup file says of itself on its first line. */
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** The partitioned log the rows come from. */
  log: 'access_logs' | 'monitor_logs';
  /** The week's partition. */
  week: string;
  tenantId: string;
  from: string;
  to: string;
  /** When the backup was written. */
  at: string;
}
/** Its last line: how many rows came before it (a file cut short has none). */
export interface BackupTrailer {
  end: true;
  rows: number;
}

export const BACKUP_FORMAT = 'edp-log-backup';
export const BACKUP_SUFFIX = '.jsonl.gz';
export const CHECKSUM_SUFFIX = '.sha256';

/** The file of one tenant's rows of one week, under the backup directory. */
export function backupName(header: Pick<BackupHeader, 'tenantId' | 'week' | 'at'>): string {
  const stamp = header.at.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${header.tenantId}/${header.week}_${stamp}${BACKUP_SUFFIX}`;
}

/** Syncs a file or a directory to disk. */
async function syncPath(p: string): Promise<void> {
  const handle = await fsp.open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `text` to `file` whole or not at all: a temporary name, synced, then renamed. */
async function writeWhole(file: string, text: string): Promise<void> {
  const temp = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await fsp.writeFile(temp, text, { flush: true });
  await fsp.rename(temp, file);
}

/**
 * Writes a backup: the header, every row (one JSON text a line, as the batches give them, so
 * memory holds one batch), the trailer, gzip'd, its SHA-256 taken as it is written. The file is
 * written under a temporary name, synced, then its checksum file (`<file>.sha256`, the format
 * of `sha256sum -c`) is written the same way, then the file is renamed into place and the
 * directory synced: a backup that is there under its name is whole. Answers its size and digest.
 */
export async function writeBackup(
  dir: string,
  header: BackupHeader,
  batches: AsyncIterable<string[]>,
): Promise<{ name: string; rows: number; bytes: number; sha256: string }> {
  const name = backupName(header);
  const file = path.join(dir, name);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(4).toString('hex')}.partial`;
  let rows = 0;
  async function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for await (const batch of batches) {
      rows += batch.length;
      if (batch.length > 0) yield `${batch.join('\n')}\n`;
    }
    yield `${JSON.stringify({ end: true, rows } satisfies BackupTrailer)}\n`;
  }
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.from(lines()),
      createGzip(),
      tap,
      fs.createWriteStream(temp, { flags: 'wx' }),
    );
    // Synced through a descriptor of its own: fsync writes the file's pages whoever wrote them.
    await syncPath(temp);
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw err;
  }
  const sha256 = hash.digest('hex');
  try {
    await writeWhole(`${file}${CHECKSUM_SUFFIX}`, `${sha256}  ${path.basename(file)}\n`);
    await fsp.rename(temp, file);
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw err;
  }
  await syncPath(path.dirname(file));
  return { name, rows, bytes, sha256 };
}

/** A file's SHA-256, read as a stream. */
export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** The digest a `<file>.sha256` beside it names, if there is one. */
export async function checksumBeside(file: string): Promise<string | undefined> {
  try {
    const text = await fsp.readFile(`${file}${CHECKSUM_SUFFIX}`, 'utf8');
    return /^([0-9a-f]{64})\b/.exec(text.trim())?.[1];
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Reads a backup: its header, then its rows in batches of `size` lines; throws unless the file
 * ends with a trailer that counts the rows read.
 */
export async function readBackup(
  file: string,
  size: number,
  onHeader: (header: BackupHeader) => Promise<void>,
  onRows: (lines: string[]) => Promise<void>,
): Promise<{ rows: number }> {
  const lines = readline.createInterface({
    input: fs.createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let batch: string[] = [];
  let rows = 0;
  for await (const line of lines) {
    if (trailer) throw new Error('the backup goes on past its last line');
    if (!header) {
      const h = JSON.parse(line) as BackupHeader;
      if (h.format !== BACKUP_FORMAT || h.version !== 1)
        throw new Error('not a log backup of this console');
      header = h;
      await onHeader(h);
      continue;
    }
    if (line.startsWith('{"end":')) {
      trailer = JSON.parse(line) as BackupTrailer;
      continue;
    }
    batch.push(line);
    rows++;
    if (batch.length >= size) {
      await onRows(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await onRows(batch);
  if (!header) throw new Error('the backup is empty');
  if (!trailer || trailer.rows !== rows)
    throw new Error(`the backup is cut short: ${rows} rows read, ${trailer?.rows ?? '?'} written`);
  return { rows };
}
