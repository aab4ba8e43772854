import fs from 'node:fs';
import { createPublicKey } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import { openCertificate, verifyCertificate } from '@edp/shared/licence/verify';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { currentIdentity } from './identity.ts';

/**
 * The engine's licence: a certificate of docs/licence-format.md, checked with the shared
 * verifier against the vendor's public key kept in the state directory. The key is configured
 * by whoever runs the engine (`install-licence --key`), never taken from a console command.
 */

function readVendorKey(state: StateDir, keyFile?: string): string {
  const pem = keyFile ? readOptional(keyFile) : state.readText(files.vendorKey);
  if (!pem) {
    throw new EngineError(
      Code.EnvironmentMissing,
      keyFile
        ? `vendor public key ${keyFile} not found`
        : `no vendor public key: install a licence with --key <vendor-ed25519.pub>`,
    );
  }
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  } catch (err) {
    throw new EngineError(Code.EnvironmentMissing, `vendor public key: ${(err as Error).message}`);
  }
  return pem;
}

function readOptional(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    const c = (err as NodeJS.ErrnoException).code;
    if (c === 'ENOENT' || c === 'EISDIR') return undefined;
    throw err;
  }
}

/** Keeps the vendor's public key (an Ed25519 PEM file) in the state directory. */
export function keepVendorKey(state: StateDir, keyFile: string): void {
  state.writeAtomic(files.vendorKey, readVendorKey(state, keyFile));
}

export interface HeldLicence {
  payload: TLicencePayload;
  /** Signed by the vendor key and not expired. */
  valid: boolean;
}

/** The licence installed here, if its signature holds (expired or not). */
export function heldLicence(state: StateDir, now = Date.now()): HeldLicence | undefined {
  const text = state.readText(files.licence);
  const pem = state.readText(files.vendorKey);
  if (!text || !pem) return undefined;
  let payload: TLicencePayload | undefined;
  try {
    payload = openCertificate(text, pem);
  } catch {
    return undefined;
  }
  if (!payload) return undefined;
  return { payload, valid: payload.expiresAt > now };
}

/**
 * Installs a certificate: missing file -13; bad armour, signature, fields, another device's
 * fingerprint or an expired one -12; not newer than the valid licence held -84; issued in the
 * future -31.
 */
export async function installLicence(
  state: StateDir,
  source: { file?: string; text?: string },
  opts: { keyFile?: string; now?: number } = {},
): Promise<OpResult> {
  const text = source.text ?? (source.file ? readOptional(source.file) : undefined);
  if (!text || !text.trim()) {
    throw new EngineError(Code.LicenceMissing, source.file);
  }
  const pem = readVendorKey(state, opts.keyFile);
  const now = opts.now ?? Date.now();
  const held = heldLicence(state, now);
  const result = verifyCertificate(text, pem, {
    fingerprint: currentIdentity(state).fingerprint,
    installedSerial: held?.valid ? held.payload.serial : undefined,
    now,
  });
  if (!result.ok) throw new EngineError(result.errCode);
  const cert = result.payload;
  if (held?.valid && held.payload.expiresAt >= cert.expiresAt) {
    throw new EngineError(
      Code.LicenceAlreadyValid,
      `serial ${held.payload.serial} runs until ${new Date(held.payload.expiresAt).toISOString()}`,
    );
  }
  if (opts.keyFile) state.writeAtomic(files.vendorKey, pem);
  state.writeAtomic(files.licence, text);
  return ok({
    serial: cert.serial,
    kind: cert.kind,
    licenseCode: cert.licenseCode,
    expiresAt: new Date(cert.expiresAt).toISOString(),
  });
}

/** Which licence kinds allow an operation's mode. */
const ALLOWED: Record<'tde' | 'dpi', readonly EngineKind[]> = {
  tde: ['TDE'],
  dpi: ['DPI', 'DI'],
};

/**
 * Throws unless a valid licence allows `mode`: none held -13, expired -12, another kind -85.
 */
export function requireLicence(state: StateDir, mode: 'tde' | 'dpi', now = Date.now()): void {
  const held = heldLicence(state, now);
  if (!held) throw new EngineError(Code.LicenceMissing, 'no licence installed');
  if (!held.valid) {
    throw new EngineError(
      Code.InvalidLicence,
      `expired ${new Date(held.payload.expiresAt).toISOString()}`,
    );
  }
  if (!ALLOWED[mode].includes(held.payload.kind)) {
    throw new EngineError(
      Code.NotAllowedByLicence,
      `a ${held.payload.kind} licence does not allow ${mode.toUpperCase()}`,
    );
  }
}

/** What the console makes a licence request of: this engine's fingerprint, kind and serial. */
export function licenceRequestFacts(state: StateDir, now = Date.now()): OpResult {
  const identity = currentIdentity(state);
  const held = heldLicence(state, now);
  return ok({
    fingerprint: identity.fingerprint,
    kind: identity.kind,
    installedSerial: held?.valid ? held.payload.serial : 0,
  });
}

/** The licence held here, valid or not (none: null). */
export function showLicence(state: StateDir, now = Date.now()): OpResult {
  const held = heldLicence(state, now);
  if (!held) return ok({ licence: null });
  const p = held.payload;
  return ok({
    licence: {
      licenseCode: p.licenseCode,
      serial: p.serial,
      kind: p.kind,
      issuedAt: new Date(p.issuedAt).toISOString(),
      expiresAt: new Date(p.expiresAt).toISOString(),
      valid: held.valid,
    },
  });
}
