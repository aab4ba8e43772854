import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files as stateFiles, type StateDir } from './state-dir.ts';
import { listFiles, resolveTarget, TEMP_MARK } from './target.ts';
import { addProtected, isProtected, removeProtected } from './protected.ts';
import { LogOutbox } from './log-outbox.ts';

/**
 * Transparent data encryption of a folder in place (docs/engines-agent.md "Encryption format").
 * Every regular file becomes
 *
 *   header (40 bytes) | AES-256-GCM ciphertext | tag (16 bytes)
 *
 * header = "EDPTDE\0" | version 1 | key id (8) | IV (12, random per file) | plaintext length
 * (uint64 BE) | 4 zero bytes. The whole header is the cipher's additional authenticated data,
 * so a changed header fails decryption like changed ciphertext does.
 */
const MAGIC = Buffer.from('EDPTDE\0', 'latin1');
const VERSION = 1;
export const HEADER_BYTES = 40;
const TAG_BYTES = 16;
const IV_BYTES = 12;

export interface TdeKey {
  key: Buffer;
  /** First 8 bytes of SHA-256 of the key: which key a file was encrypted with. */
  id: Buffer;
}

export const keyOf = (key: Buffer): TdeKey => ({
  key,
  id: createHash('sha256').update(key).digest().subarray(0, 8),
});

/** The engine's key; made (32 random bytes, mode 0600) when `create` and there is none. */
export function loadKey(state: StateDir, create: boolean): TdeKey | undefined {
  const file = state.path(stateFiles.tdeKey);
  try {
    const key = fs.readFileSync(file);
    if (key.length !== 32) throw new EngineError(Code.MismatchedData, `${file} is not a key`);
    return keyOf(key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (!create) return undefined;
  state.ensure();
  const key = randomBytes(32);
  fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return keyOf(key);
}

/**
 * Every data key the engine holds: tde.key (the current one, first) and those a rotation replaced
 * that files may still use (tde-keys/<id>.key). A file's header names its key by id.
 */
export function heldKeys(state: StateDir): TdeKey[] {
  const current = loadKey(state, false);
  const held = current ? [current] : [];
  const dir = state.path(stateFiles.tdeOldKeys);
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => /^[0-9a-f]{16}\.key$/.test(n));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  for (const name of names.sort()) {
    const key = fs.readFileSync(path.join(dir, name));
    const k = key.length === 32 ? keyOf(key) : undefined;
    // A file named for another key is not that key: left out.
    if (k && `${k.id.toString('hex')}.key` === name && !held.some((h) => h.id.equals(k.id)))
      held.push(k);
  }
  return held;
}

/** The held keys by id (hex). */
export const keysById = (state: StateDir) =>
  new Map(heldKeys(state).map((k) => [k.id.toString('hex'), k]));

export interface Header {
  keyId: Buffer;
  iv: Buffer;
  length: bigint;
  raw: Buffer;
}

function makeHeader(keyId: Buffer, iv: Buffer, length: number): Buffer {
  const h = Buffer.alloc(HEADER_BYTES);
  MAGIC.copy(h, 0);
  h[7] = VERSION;
  keyId.copy(h, 8);
  iv.copy(h, 16);
  h.writeBigUInt64BE(BigInt(length), 28);
  return h;
}

/** The header of an encrypted file, or undefined when the file is not one of ours. */
export async function readHeader(file: string): Promise<Header | undefined> {
  const fh = await fsp.open(file, 'r');
  try {
    const { size } = await fh.stat();
    if (size < HEADER_BYTES + TAG_BYTES) return undefined;
    const raw = Buffer.alloc(HEADER_BYTES);
    await fh.read(raw, 0, HEADER_BYTES, 0);
    if (!raw.subarray(0, 7).equals(MAGIC) || raw[7] !== VERSION) return undefined;
    const length = raw.readBigUInt64BE(28);
    if (BigInt(size) !== length + BigInt(HEADER_BYTES + TAG_BYTES)) return undefined;
    return { keyId: raw.subarray(8, 16), iv: raw.subarray(16, 28), length, raw };
  } finally {
    await fh.close();
  }
}

function tempPath(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}${TEMP_MARK}${randomBytes(4).toString('hex')}`,
  );
}

/** Writes `produce`'s output to a temporary file next to `file`, then renames it over `file`. */
async function replaceAtomically(
  file: string,
  produce: (temp: string, mode: number) => Promise<void>,
): Promise<void> {
  const { mode } = await fsp.stat(file).catch((err: unknown) => {
    throw new EngineError(Code.AttributesUnavailable, `${file}: ${(err as Error).message}`);
  });
  const temp = tempPath(file);
  try {
    await produce(temp, mode & 0o7777);
    const fh = await fsp.open(temp, 'r+');
    await fh.datasync().finally(() => fh.close());
  } catch (err) {
    await fsp.rm(temp, { force: true });
    if (err instanceof EngineError) throw err;
    // Whatever the cause (no space, a size limit, no right to write the folder), the original
    // is untouched; the message carries the system's reason.
    throw new EngineError(Code.TemporaryFileFailure, `${file}: ${(err as Error).message}`);
  }
  try {
    await fsp.rename(temp, file);
  } catch (err) {
    await fsp.rm(temp, { force: true });
    throw new EngineError(Code.CannotRename, `${file}: ${(err as Error).message}`);
  }
}

export async function encryptFile(file: string, key: TdeKey): Promise<void> {
  const { size } = await fsp.stat(file);
  await replaceAtomically(file, async (temp, mode) => {
    const iv = randomBytes(IV_BYTES);
    const header = makeHeader(key.id, iv, size);
    const cipher = createCipheriv('aes-256-gcm', key.key, iv);
    cipher.setAAD(header);
    let seen = 0;
    await pipeline(
      fs.createReadStream(file),
      async function* (source: AsyncIterable<Buffer>) {
        yield header;
        for await (const chunk of source) {
          seen += chunk.length;
          yield cipher.update(chunk);
        }
        yield cipher.final();
        yield cipher.getAuthTag();
      },
      fs.createWriteStream(temp, { flags: 'wx', mode }),
    );
    // A file that changed while it was read would carry a wrong length: start again later.
    if (seen !== size)
      throw new EngineError(Code.MismatchedData, `${file} changed while encrypted`);
  });
}

export async function decryptFile(file: string, header: Header, key: TdeKey): Promise<void> {
  if (!header.keyId.equals(key.id)) {
    throw new EngineError(Code.MismatchedData, `${file} was encrypted with another key`);
  }
  const { size } = await fsp.stat(file);
  const tag = Buffer.alloc(TAG_BYTES);
  const fh = await fsp.open(file, 'r');
  await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES).finally(() => fh.close());
  await replaceAtomically(file, async (temp, mode) => {
    const decipher = createDecipheriv('aes-256-gcm', key.key, header.iv);
    decipher.setAAD(header.raw);
    decipher.setAuthTag(tag);
    const body =
      size > HEADER_BYTES + TAG_BYTES
        ? fs.createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 })
        : Readable.from([] as Buffer[]);
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) yield decipher.update(chunk);
        try {
          yield decipher.final();
        } catch {
          throw new EngineError(Code.MismatchedData, `${file} fails authentication (altered)`);
        }
      },
      fs.createWriteStream(temp, { flags: 'wx', mode }),
    );
  });
}

/**
 * A file encrypted with `from` encrypted again with `to`, atomically: decrypted and encrypted in
 * one pass into a temporary file (a new IV), renamed over the file only when the old tag checked.
 */
export async function reencryptFile(
  file: string,
  header: Header,
  from: TdeKey,
  to: TdeKey,
): Promise<void> {
  if (!header.keyId.equals(from.id)) {
    throw new EngineError(Code.MismatchedData, `${file} was encrypted with another key`);
  }
  const { size } = await fsp.stat(file);
  const tag = Buffer.alloc(TAG_BYTES);
  const fh = await fsp.open(file, 'r');
  await fh.read(tag, 0, TAG_BYTES, size - TAG_BYTES).finally(() => fh.close());
  await replaceAtomically(file, async (temp, mode) => {
    const decipher = createDecipheriv('aes-256-gcm', from.key, header.iv);
    decipher.setAAD(header.raw);
    decipher.setAuthTag(tag);
    const iv = randomBytes(IV_BYTES);
    const newHeader = makeHeader(to.id, iv, Number(header.length));
    const cipher = createCipheriv('aes-256-gcm', to.key, iv);
    cipher.setAAD(newHeader);
    const body =
      size > HEADER_BYTES + TAG_BYTES
        ? fs.createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 })
        : Readable.from([] as Buffer[]);
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        yield newHeader;
        for await (const chunk of source) yield cipher.update(decipher.update(chunk));
        try {
          decipher.final();
        } catch {
          throw new EngineError(Code.MismatchedData, `${file} fails authentication (altered)`);
        }
        yield cipher.final();
        yield cipher.getAuthTag();
      },
      fs.createWriteStream(temp, { flags: 'wx', mode }),
    );
  });
}

/** Encrypts every plain file under `input`: -47 when there is none left to encrypt. */
export async function encryptDir(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    const all = await listFiles(dir);
    const plain: string[] = [];
    for (const rel of all) if (!(await readHeader(path.join(dir, rel)))) plain.push(rel);
    if (plain.length === 0 && (all.length > 0 || isProtected(state, dir, 'tde'))) {
      throw new EngineError(Code.AlreadyEncrypted, dir);
    }
    const key = loadKey(state, true)!;
    // Each file as it is done (a stop half way reports what it did), then the folder.
    const log = new LogOutbox(state);
    const wasProtected = isProtected(state, dir, 'tde');
    let bytes = 0;
    for (const rel of plain) {
      const file = path.join(dir, rel);
      await encryptFile(file, key);
      log.append([{ kind: 'tde', change: 'encrypted', path: file }]);
      bytes += (await fsp.stat(file)).size;
    }
    addProtected(state, dir, 'tde');
    if (!wasProtected) log.append([{ kind: 'tde', change: 'added', path: dir }]);
    return ok({
      path: dir,
      files: plain.length,
      bytes,
      alreadyEncrypted: all.length - plain.length,
    });
  });
}

/** Decrypts every encrypted file under `input`: -48 when none is encrypted. */
export async function decryptDir(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    const encrypted: [string, Header][] = [];
    for (const rel of await listFiles(dir)) {
      const header = await readHeader(path.join(dir, rel));
      if (header) encrypted.push([rel, header]);
    }
    const log = new LogOutbox(state);
    const unlist = () => {
      if (!isProtected(state, dir, 'tde')) return;
      removeProtected(state, dir, 'tde');
      log.append([{ kind: 'tde', change: 'removed', path: dir }]);
    };
    if (encrypted.length === 0) {
      unlist();
      throw new EngineError(Code.AlreadyDecrypted, dir);
    }
    // Each file with the key its header names: after a rotation stopped half way, files of the
    // old key and of the new one are both here.
    const keys = keysById(state);
    if (!keys.size) throw new EngineError(Code.MismatchedData, `no key in ${state.root}`);
    const missing = encrypted.find(([, h]) => !keys.has(h.keyId.toString('hex')));
    if (missing) {
      throw new EngineError(
        Code.MismatchedData,
        `${path.join(dir, missing[0])} was encrypted with key ${missing[1].keyId.toString('hex')}, which this engine does not hold`,
      );
    }
    for (const [rel, header] of encrypted) {
      const file = path.join(dir, rel);
      await decryptFile(file, header, keys.get(header.keyId.toString('hex'))!);
      log.append([{ kind: 'tde', change: 'decrypted', path: file }]);
    }
    unlist();
    return ok({ path: dir, files: encrypted.length });
  });
}
