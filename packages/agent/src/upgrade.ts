import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '@edp/shared/constants';
import { engineFile as engineFileCall } from '@edp/shared/api/engine/agent.calls';
import { Code, EngineError, ok, type OpResult } from './codes.ts';

/**
 * `engine.upgrade` (docs/commands.md): downloads the console's engine file
 * (`GET /api/agent/engine` from the console the engine enrolled with), checks that its SHA-256 is
 * the command's, and puts it in place of the running file atomically (a temporary file beside
 * it, synced, then renamed over it). The caller then answers the result and starts the new file
 * with the same arguments (supervisor.ts). A file that fails the check never replaces anything.
 */
export interface UpgradeContext {
  /** The console's base URL, as enrolled. */
  url: string;
  /** The running engine file (the built one-file engine); undefined when running from source. */
  engineFile?: string;
  timeoutMs?: number;
  /** How long a second of the waits between attempts lasts (tests shorten it). */
  secondMs?: number;
}

/** The largest download taken for an engine (the file is under 1 MB). */
const MAX_BYTES = 64 * 1024 * 1024;
/** Downloads tried when the console answers 429 or 503 (it counts the file per address). */
const ATTEMPTS = 5;

/** A refusal worth trying again after a while: 429 (rate limit), 503 (shutting down). */
class Busy extends Error {
  constructor(
    message: string,
    readonly retryAfterS: number | undefined,
  ) {
    super(message);
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Streams the console's engine file into `temp`; answers its SHA-256. */
function download(ctx: UpgradeContext, temp: string, mode: number): Promise<string> {
  const base = new URL(ctx.url.endsWith('/') ? ctx.url : ctx.url + '/');
  const url = new URL(`${API_BASE}${engineFileCall.path}`.replace(/^\//, ''), base);
  const lib = url.protocol === 'https:' ? https : http;
  const timeout = ctx.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    const req = lib.get(url, { timeout, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.length < 16 && chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let why = `HTTP ${res.statusCode}`;
          try {
            const env = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              errCode?: number;
              msg?: string;
            };
            if (typeof env.errCode === 'number') why += `, errCode ${env.errCode} (${env.msg})`;
          } catch {
            // not an envelope
          }
          const message = `download of ${url.href} refused: ${why}`;
          if (res.statusCode === 429 || res.statusCode === 503) {
            const ra = Number(res.headers['retry-after']);
            reject(new Busy(message, Number.isFinite(ra) && ra >= 0 ? ra : undefined));
          } else {
            reject(new EngineError(Code.Generic, message));
          }
        });
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      const out = fs.createWriteStream(temp, { flags: 'wx', mode });
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BYTES) {
          req.destroy(new Error(`more than ${MAX_BYTES} bytes`));
          return;
        }
        hash.update(c);
      });
      res.pipe(out);
      res.on('error', reject);
      out.on('error', (err) =>
        reject(new EngineError(Code.TemporaryFileFailure, `${temp}: ${err.message}`)),
      );
      out.on('finish', () => {
        if (!res.complete) return reject(new Error('the download was cut short'));
        const fd = fs.openSync(temp, 'r+');
        try {
          fs.fdatasyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
        resolve(hash.digest('hex'));
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeout} ms`)));
    req.on('error', (err) =>
      reject(
        err instanceof EngineError
          ? err
          : new EngineError(Code.Generic, `download: ${err.message}`),
      ),
    );
  });
}

export async function upgradeEngine(
  args: Record<string, unknown>,
  ctx: UpgradeContext,
): Promise<OpResult & { replaced?: boolean }> {
  const want = args.sha256;
  const version = typeof args.version === 'string' ? args.version.slice(0, 64) : undefined;
  if (want === undefined) throw new EngineError(Code.MissingOption, 'sha256');
  if (typeof want !== 'string' || !/^[0-9a-f]{64}$/.test(want)) {
    throw new EngineError(Code.InvalidOption, 'sha256 must be 64 lower-case hex digits');
  }
  if (!ctx.engineFile) {
    throw new EngineError(
      Code.UtilityCannotChange,
      'this engine runs from source, not from the engine file: nothing to replace',
    );
  }
  const file = ctx.engineFile;
  const { mode } = await fsp.stat(file);
  if ((await sha256Of(file)) === want) {
    return { ...ok({ version, sha256: want, upgraded: false }), replaced: false };
  }
  const temp = path.join(
    path.dirname(file),
    `.${path.basename(file)}.upgrade-${randomBytes(4).toString('hex')}`,
  );
  try {
    let got: string;
    for (let attempt = 1; ; attempt++) {
      try {
        got = await download(ctx, temp, mode & 0o7777);
        break;
      } catch (err) {
        // A fleet upgrading at once behind one address meets the console's per-address limit:
        // wait as it says (else 2 s, 4 s …, at most a minute) and try again, a few times.
        if (!(err instanceof Busy) || attempt >= ATTEMPTS) {
          throw err instanceof Busy ? new EngineError(Code.Generic, err.message) : err;
        }
        await fsp.rm(temp, { force: true });
        const waitS = Math.min(60, Math.max(err.retryAfterS ?? 0, 2 ** attempt));
        await new Promise((r) => setTimeout(r, (waitS * 1000 * (ctx.secondMs ?? 1000)) / 1000));
      }
    }
    if (got !== want) {
      throw new EngineError(
        Code.HashFailure,
        `the console's engine file has SHA-256 ${got}, not ${want}: not installed`,
      );
    }
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw err;
  }
  try {
    await fsp.rename(temp, file);
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw new EngineError(Code.CannotRename, `${file}: ${(err as Error).message}`);
  }
  return { ...ok({ version, sha256: want, upgraded: true }), replaced: true };
}
