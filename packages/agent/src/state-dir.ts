import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Code, EngineError } from './codes.ts';

/**
 * The engine's state directory (docs/engines-agent.md "State directory"). Everything the engine
 * keeps lives here; secrets (token, encryption key) are written with mode 0600.
 */
export const DEFAULT_STATE_DIR = './edp-agent-data';

export const files = {
  /** Console address, device id and token, written at enrolment. */
  enrolment: 'agent.json',
  /** The identity sent at enrolment (kind, fingerprint …). */
  identity: 'identity.json',
  /**
   * The engine's Ed25519 private key (PKCS #8 PEM), made at its first enrolment: it proves this
   * engine when it enrols again (the console keeps the public key).
   */
  engineKey: 'engine-ed25519.key',
  /** The TDE key: 32 random bytes. */
  tdeKey: 'tde.key',
  /**
   * The data keys a rotation replaced (tde-rotate.ts), `<key id>.key` each (0600): kept while a
   * file is still encrypted with one, so that a rotation stopped half way loses nothing.
   */
  tdeOldKeys: 'tde-keys',
  /** The key a rotation made, not yet used by any file: it becomes tde.key once escrowed. */
  tdeNextKey: 'tde.next.key',
  /**
   * Its escrow (docs/keys.md "Escrow"): by data key id, the escrow key id the console
   * acknowledged it under and when. No key material.
   */
  escrow: 'escrow.json',
  /**
   * The vendor's Ed25519 public key (PEM) that certificates are checked against: pinned from the
   * first enrolment answer that gives one, replaced only by `--vendor-key` / `--key` (licence.ts).
   */
  vendorKey: 'vendor-ed25519.pub',
  /** The installed certificate. */
  licence: 'licence.lic',
  /** Protected directories: [{ path, mode, since }]. */
  protected: 'protected.json',
  /** DPI baselines, one file per directory. */
  dpi: 'dpi',
  /** SE write protections: the original modes of a folder's entries, one file per folder. */
  se: 'se',
  /** Authorised programs: [{ path, sha256, addedAt }]. */
  programs: 'programs.json',
  /** Command results the console has not acknowledged yet: [{ id, type, code, message, detail?, at }]. */
  outbox: 'outbox.json',
  /**
   * DPI findings of engines from before the log outbox (one JSON object a line): moved into the
   * log outbox once (dpi.ts `migrateAlerts`), then removed.
   */
  alerts: 'alerts.jsonl',
  /** The log outbox: numbered events not yet held by the console, one JSON object a line. */
  logs: 'logs.jsonl',
  /** The log outbox's numbering: { stream, acked, held, dropped, createdAt }. */
  logState: 'logs.json',
  /** Held for the few file operations of a change to the log outbox. */
  logsLock: 'logs.lock',
  /** Results of the console's commands (one JSON object a line). */
  results: 'results.jsonl',
  /** The last state reported and the last check-in. */
  status: 'status.json',
  /** Present once the console answered "device deprecated": the engine never checks in again. */
  deprecated: 'deprecated',
  /** Held while a protection command runs. */
  lock: 'lock',
  /** The console's own public key (PEM), given at enrolment: it signs elevation windows. */
  consoleKey: 'console-ed25519.pub',
  /** The elevation and learning-mode windows received: { open: [...], seen: { id: issuedAt } }. */
  windows: 'windows.json',
  /** What learning mode recorded: { window, programs: { path: {...} } }. */
  learned: 'learned.json',
} as const;

export class StateDir {
  readonly root: string;
  constructor(dir: string = DEFAULT_STATE_DIR) {
    this.root = path.resolve(dir);
  }

  path(name: string): string {
    return path.join(this.root, name);
  }

  ensure(): void {
    fs.mkdirSync(this.root, { recursive: true, mode: 0o700 });
  }

  readJson<T>(name: string): T | undefined {
    try {
      return JSON.parse(fs.readFileSync(this.path(name), 'utf8')) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  readText(name: string): string | undefined {
    try {
      return fs.readFileSync(this.path(name), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  /** Writes a file whole or not at all (temporary file, then rename). */
  writeAtomic(name: string, data: string | Buffer, mode = 0o644): void {
    this.ensure();
    const target = this.path(name);
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      fs.writeFileSync(temp, data, { mode });
      fs.renameSync(temp, target);
    } catch (err) {
      fs.rmSync(temp, { force: true });
      throw new EngineError(Code.CannotStoreSettings, (err as Error).message);
    }
  }

  writeJson(name: string, value: unknown, mode = 0o644): void {
    this.writeAtomic(name, JSON.stringify(value, null, 2) + '\n', mode);
  }

  appendLines(name: string, values: readonly unknown[]): void {
    if (!values.length) return;
    this.ensure();
    fs.appendFileSync(this.path(name), values.map((v) => JSON.stringify(v) + '\n').join(''));
  }

  readLines<T>(name: string): T[] {
    const text = this.readText(name);
    if (!text) return [];
    return text
      .split('\n')
      .filter((l) => l.trim())
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as T];
        } catch {
          return [];
        }
      });
  }

  exists(name: string): boolean {
    return fs.existsSync(this.path(name));
  }

  /**
   * Runs `op` holding the state directory's lock; a lock held by a live process answers -8
   * (another command is active). A lock left by a dead process is taken over.
   */
  async withLock<T>(op: () => Promise<T>): Promise<T> {
    this.ensure();
    const lock = this.path(files.lock);
    for (let attempt = 0; ; attempt++) {
      try {
        fs.writeFileSync(lock, String(process.pid), { flag: 'wx', mode: 0o600 });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) {
          throw new EngineError(Code.AnotherCommandActive);
        }
        const holder = Number(fs.readFileSync(lock, 'utf8'));
        if (holder && holder !== process.pid && isAlive(holder)) {
          throw new EngineError(Code.AnotherCommandActive, `process ${holder}`);
        }
        if (holder === process.pid) throw new EngineError(Code.AnotherCommandActive);
        fs.rmSync(lock, { force: true });
      }
    }
    try {
      return await op();
    } finally {
      await fsp.rm(lock, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
