import fs from 'node:fs';
import path from 'node:path';
import { armor, Decrypter } from 'age-encryption';
import { ZRecoveryPayload, RECOVERY_FORMAT } from '@edp/shared/contracts/keys';
import { NativeScryptIdentity } from './age-scrypt.ts';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { LogOutbox } from './log-outbox.ts';
import { isProtected, removeProtected } from './protected.ts';
import { files, type StateDir } from './state-dir.ts';
import { listFiles, resolveTarget } from './target.ts';
import {
  decryptFile,
  heldKeys,
  keyOf,
  loadKey,
  readHeader,
  type Header,
  type TdeKey,
} from './tde.ts';

/**
 * `edp-agent recover` (docs/keys.md "Recovery"): a protected folder decrypted with the data key a
 * recovery under dual control gave, from the recovery file the console delivered (an age file to
 * a passphrase or an age recipient, whose clear text is `edp-recovery/v1` JSON), or from its clear
 * text as `age -d` printed it. Every encrypted file of the key is decrypted in place, as
 * `unprotect --tde` does; `install` puts the key back as the engine's `tde.key`.
 */
export interface RecoverOptions {
  /** The folder whose files were encrypted with the lost key. */
  folder: string;
  /** The recovery file: ASCII-armoured or binary age, or the decrypted JSON. */
  file: string;
  /** A file holding the passphrase the recovery file was encrypted to (one line). */
  passphraseFile?: string;
  /** An age identity file (`AGE-SECRET-KEY-1…` lines, as age-keygen writes). */
  identity?: string;
  /** Put the key back as the engine's tde.key (never over another key). */
  install?: boolean;
}

export interface RecoveredKey {
  deviceId: string;
  keyId: string;
  key: TdeKey;
}

const AGE_BINARY = 'age-encryption.org/v1\n';
const AGE_ARMOUR = '-----BEGIN AGE ENCRYPTED FILE-----';

function readOption(file: string, what: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new EngineError(Code.FileMissing, `${what} ${file}: ${(err as Error).message}`);
  }
}

/** The age file's clear text, with the passphrase or identity given; clear errors otherwise. */
async function openAge(
  sealed: Uint8Array,
  opts: Pick<RecoverOptions, 'passphraseFile' | 'identity'>,
): Promise<string> {
  // The header's first stanza says what the file was encrypted to.
  const head = Buffer.from(sealed.subarray(0, 200)).toString('latin1');
  const toPassphrase = head.startsWith(`${AGE_BINARY}-> scrypt `);
  const d = new Decrypter();
  if (opts.passphraseFile) {
    if (!toPassphrase) {
      throw new EngineError(
        Code.InvalidOption,
        'the recovery file is encrypted to an age recipient, not a passphrase: give --identity <age identity file>',
      );
    }
    // The passphrase is the file's first line (an editor's final newline is not part of it).
    const text = readOption(opts.passphraseFile, '--passphrase-file').toString('utf8');
    const passphrase = text.split(/\r?\n/)[0]!;
    if (!passphrase) throw new EngineError(Code.InvalidOption, `${opts.passphraseFile} is empty`);
    // age's scrypt on node's native one (age-scrypt.ts), not the package's JavaScript one.
    d.addIdentity(new NativeScryptIdentity(passphrase));
  } else if (opts.identity) {
    if (toPassphrase) {
      throw new EngineError(
        Code.InvalidOption,
        'the recovery file is encrypted to a passphrase: give --passphrase-file <file>',
      );
    }
    const ids = readOption(opts.identity, '--identity')
      .toString('utf8')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l.startsWith('AGE-SECRET-KEY-1'));
    if (!ids.length) {
      throw new EngineError(
        Code.InvalidOption,
        `${opts.identity} holds no AGE-SECRET-KEY-1 identity`,
      );
    }
    for (const id of ids) d.addIdentity(id);
  } else {
    throw new EngineError(
      Code.MissingOption,
      `the recovery file is encrypted: give --${toPassphrase ? 'passphrase-file <file>' : 'identity <age identity file>'} (or its clear text, from "age -d")`,
    );
  }
  try {
    return await d.decrypt(sealed, 'text');
  } catch (err) {
    const why = (err as Error).message;
    if (/no identity matched/.test(why)) {
      throw new EngineError(
        Code.MismatchedData,
        toPassphrase
          ? 'wrong passphrase: the recovery file does not open with it'
          : 'the recovery file was not encrypted to this identity',
      );
    }
    throw new EngineError(Code.MismatchedData, `the recovery file cannot be read: ${why}`);
  }
}

/** Reads a recovery file: its format checked, its key checked against its key id. */
export async function readRecovery(
  opts: Pick<RecoverOptions, 'file' | 'passphraseFile' | 'identity'>,
): Promise<RecoveredKey> {
  const raw = readOption(opts.file, '--file');
  const text = raw.toString('utf8').trim();
  let clear: string;
  if (text.startsWith(AGE_ARMOUR)) {
    let sealed: Uint8Array;
    try {
      sealed = armor.decode(text);
    } catch (err) {
      throw new EngineError(
        Code.MismatchedData,
        `${opts.file} is damaged: ${(err as Error).message}`,
      );
    }
    clear = await openAge(sealed, opts);
  } else if (raw.subarray(0, AGE_BINARY.length).toString('latin1') === AGE_BINARY) {
    clear = await openAge(raw, opts);
  } else {
    clear = text;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(clear);
  } catch {
    throw new EngineError(
      Code.MismatchedData,
      `${opts.file} is not a recovery file (${RECOVERY_FORMAT})`,
    );
  }
  const parsed = ZRecoveryPayload.safeParse(payload);
  if (!parsed.success) {
    throw new EngineError(
      Code.MismatchedData,
      `${opts.file} is not a recovery file (${RECOVERY_FORMAT})`,
    );
  }
  const bytes = Buffer.from(parsed.data.key, 'base64');
  const key = keyOf(bytes);
  if (bytes.length !== 32 || key.id.toString('hex') !== parsed.data.keyId) {
    throw new EngineError(
      Code.MismatchedData,
      `${opts.file} is damaged: its key is not key ${parsed.data.keyId}`,
    );
  }
  return { deviceId: parsed.data.deviceId, keyId: parsed.data.keyId, key };
}

/** Puts the key back as tde.key (0600); the same key there already is fine, another refused. */
function installKey(state: StateDir, key: TdeKey): 'installed' | 'held' {
  // A key a rotation replaced is held too, until no file uses it.
  if (heldKeys(state).some((k) => k.key.equals(key.key))) return 'held';
  const held = loadKey(state, false);
  if (held) {
    throw new EngineError(
      Code.FileExists,
      `${state.path(files.tdeKey)} holds another key (${held.id.toString('hex')}): not replaced`,
    );
  }
  state.ensure();
  fs.writeFileSync(state.path(files.tdeKey), key.key, { mode: 0o600, flag: 'wx' });
  return 'installed';
}

/**
 * Decrypts every file of `folder` encrypted with the recovered key. Refused before anything is
 * changed: no encrypted file there (-48), files of another key only (-5), another key installed
 * (-22). Files of another key beside them are left as they are and counted.
 */
export async function recover(state: StateDir, opts: RecoverOptions): Promise<OpResult> {
  const recovered = await readRecovery(opts);
  const dir = await resolveTarget(opts.folder, state);
  const encrypted: [string, Header][] = [];
  const otherKeys = new Map<string, number>();
  for (const rel of await listFiles(dir)) {
    const header = await readHeader(path.join(dir, rel));
    if (!header) continue;
    const id = header.keyId.toString('hex');
    if (id === recovered.keyId) encrypted.push([rel, header]);
    else otherKeys.set(id, (otherKeys.get(id) ?? 0) + 1);
  }
  if (!encrypted.length && !otherKeys.size) {
    throw new EngineError(Code.AlreadyDecrypted, `no encrypted file under ${dir}`);
  }
  if (!encrypted.length) {
    throw new EngineError(
      Code.MismatchedData,
      `the files under ${dir} were encrypted with key ${[...otherKeys.keys()].join(', ')}; ` +
        `the recovery file holds key ${recovered.keyId} (device ${recovered.deviceId})`,
    );
  }
  const installed = opts.install ? installKey(state, recovered.key) : undefined;
  // An engine's own state: what it did goes to its log outbox, as unprotect --tde's does.
  const engine = state.exists(files.enrolment);
  const log = engine ? new LogOutbox(state) : undefined;
  const failed: string[] = [];
  let bytes = 0;
  for (const [rel, header] of encrypted) {
    const file = path.join(dir, rel);
    try {
      await decryptFile(file, header, recovered.key);
      bytes += Number(header.length);
      log?.append([{ kind: 'tde', change: 'decrypted', path: file }]);
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      failed.push(rel);
    }
  }
  if (engine && !failed.length && !otherKeys.size && isProtected(state, dir, 'tde')) {
    removeProtected(state, dir, 'tde');
    log?.append([{ kind: 'tde', change: 'removed', path: dir }]);
  }
  const detail = {
    path: dir,
    deviceId: recovered.deviceId,
    keyId: recovered.keyId,
    files: encrypted.length - failed.length,
    bytes,
    failed,
    otherKey: [...otherKeys.values()].reduce((s, n) => s + n, 0),
    ...(installed ? { key: installed, keyFile: state.path(files.tdeKey) } : {}),
  };
  if (failed.length) {
    return {
      code: Code.MismatchedData,
      message: `${failed.length} file(s) fail authentication (altered) and were left as they are`,
      detail,
    };
  }
  return ok(detail);
}
