import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite on a directory with its commits synced to disk (docs/decisions.md, "Durability of the
 * embedded database").
 *
 * As shipped, PGlite acknowledges a commit once the WAL has been written to the page cache:
 * it starts PostgreSQL with `-F` (fsync off), and Emscripten's NODEFS has no fsync operation,
 * so even with fsync on PostgreSQL's fsync() returns without reaching the disk. That survives
 * kill -9, not a power cut. Here PostgreSQL runs with fsync on and `wal_sync_method=fsync`
 * (Emscripten's fdatasync is a no-op that never reaches the file system), and NODEFS gets
 * the fsync it lacks, which syncs the host file or directory: the WAL before each commit is
 * acknowledged, data files at checkpoints, directories where PostgreSQL asks, in the order
 * PostgreSQL asks.
 */

/** What is being synced: a WAL segment, another file (data, control, state) or a directory. */
export type SyncKind = 'wal' | 'file' | 'directory';

/** How a host file descriptor is synced; tests pass one that counts. */
export type SyncFd = (fd: number, kind: SyncKind) => void;

/**
 * What native PostgreSQL does on Linux by default: fdatasync for the WAL (its
 * wal_sync_method), fsync for every other file and for directories (pg_fsync).
 */
export const syncFd: SyncFd = (fd, kind) =>
  kind === 'wal' ? fs.fdatasyncSync(fd) : fs.fsyncSync(fd);

/** PGlite's start parameters with PostgreSQL's fsync on. */
export function syncedStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  ];
}

/** The parts of Emscripten's NODEFS the fsync operation is built from (not in PGlite's types). */
interface NodeFsInternals {
  stream_ops: Record<string, unknown> & { fsync?: (stream: NodeFsStream) => number };
  realPath(node: unknown): string;
  tryFSOperation<T>(f: () => T): T;
}
interface NodeFsStream {
  /** The host descriptor; NODEFS opens one for regular files only. */
  nfd?: number;
  node: unknown;
}

/**
 * Gives NODEFS an fsync that syncs the host file (or, for a directory, which NODEFS opens no
 * host descriptor for, the host directory). Throws when this PGlite build's NODEFS is not the
 * shape this was written against: PGLITE_FSYNC=on must not silently do nothing.
 */
export function installFsync(nodefs: unknown, sync: SyncFd): void {
  const fsImpl = nodefs as Partial<NodeFsInternals> | undefined;
  if (
    !fsImpl?.stream_ops ||
    typeof fsImpl.realPath !== 'function' ||
    typeof fsImpl.tryFSOperation !== 'function'
  )
    throw new Error(
      'PGLITE_FSYNC=on: this PGlite build does not expose NODEFS as expected; commits cannot be synced (set PGLITE_FSYNC=off to run without)',
    );
  const { realPath, tryFSOperation } = fsImpl as NodeFsInternals;
  fsImpl.stream_ops.fsync = (stream) =>
    tryFSOperation(() => {
      const file = realPath(stream.node);
      if (typeof stream.nfd === 'number') {
        sync(stream.nfd, isWal(file) ? 'wal' : 'file');
      } else {
        const fd = fs.openSync(file, 'r');
        try {
          sync(fd, fs.fstatSync(fd).isDirectory() ? 'directory' : 'file');
        } finally {
          fs.closeSync(fd);
        }
      }
      return 0;
    });
}

/** A WAL segment (synced with fdatasync, as native PostgreSQL does). */
export const isWal = (file: string) => path.basename(path.dirname(file)) === 'pg_wal';

/** NodeFS whose fsync reaches the disk. */
export class SyncedNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly sync: SyncFd = syncFd,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), (mod) => installFsync(mod.NODEFS, this.sync)],
      },
    };
  }
}

/** Syncs every file and directory under `dir` (what initdb, a snapshot or a run without fsync left in the page cache). */
export function syncTree(dir: string, sync: SyncFd = syncFd): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(full, sync);
    else if (entry.isFile()) syncPath(full, isWal(full) ? 'wal' : 'file', sync);
  }
  syncPath(dir, 'directory', sync);
}

/** Syncs one file or directory by its path. */
export function syncPath(file: string, kind: SyncKind, sync: SyncFd = syncFd): void {
  const fd = fs.openSync(file, 'r');
  try {
    sync(fd, kind);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The mark beside a data directory (`<dir>.synced`) that says every file in it is on disk: the
 * last process to open it synced each commit and closed it cleanly (its shutdown checkpoint
 * synced the rest), or it was just put there synced (prepared-image.ts). Any open takes the
 * mark away, so that while the database is open, after a crash and after a run with
 * PGLITE_FSYNC=off there is none, and the next synced open syncs the whole directory, as
 * before. The mark itself is never synced: it only needs to be right while the machine stays
 * up, for the page cache is what a sync at open would flush; after a power cut there is nothing
 * left in it, and PostgreSQL's recovery starts from what the disk kept, as native PostgreSQL's
 * does. (Native PostgreSQL syncs its data directory at start only after a crash.)
 */
const syncedMark = (dataDir: string) => `${path.resolve(dataDir)}.synced`;

/** Marks `dataDir` as entirely on disk (see syncedMark). */
export function markSynced(dataDir: string): void {
  fs.writeFileSync(syncedMark(dataDir), 'every file of this PGlite data directory is on disk\n');
}

/** Takes the mark away; true when it was there (see syncedMark). */
export function takeSyncedMark(dataDir: string): boolean {
  try {
    fs.unlinkSync(syncedMark(dataDir));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/**
 * Opens PGlite on `dataDir` with every commit synced to disk: PostgreSQL's fsync on, NODEFS's
 * fsync reaching the host, and what is already on disk synced once at open, unless the
 * directory is marked as synced (syncedMark: it was closed cleanly by such a process, or just
 * put there synced); a clean close marks it again.
 */
export async function openSyncedPglite(
  dataDir: string,
  options: Omit<PGliteOptions, 'fs' | 'dataDir' | 'startParams'> = {},
  sync: SyncFd = syncFd,
): Promise<PGlite> {
  const dir = path.resolve(dataDir);
  const onDisk = takeSyncedMark(dir) && !options.loadDataDir;
  const client = await PGlite.create({
    ...options,
    fs: new SyncedNodeFS(dataDir, sync),
    startParams: syncedStartParams(),
  });
  if (!onDisk) syncTree(dir, sync);
  const close = client.close.bind(client);
  client.close = async () => {
    await close();
    markSynced(dir);
  };
  return client;
}
