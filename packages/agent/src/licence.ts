import fs from 'node:fs';
import { createHash, createPublicKey } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import type { TLicencePayload } from '@edp/shared/contracts/licence-file';
import { openCertificate, verifyCertificate } from '@edp/shared/licence/verify';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { currentIdentity } from './identity.ts';

/**
 * The engine's licence: a certificate of docs/licence-format.md, checked with the shared
 * verifier against the vendor's public key kept in the state directory. The key comes from the
 * first enrolment's answer and is pinned there (`pinVendorKey`); only whoever runs the engine
 * replaces it (`enrol --vendor-key`, `install-licence --key`), never a console command or a
 * later answer.
 */

function readVendorKey(state: StateDir, keyFile?: string): string {
  const pem = keyFile ? readOptional(keyFile) : state.readText(files.vendorKey);
  if (!pem) {
    throw new EngineError(
      Code.EnvironmentMissing,
      keyFile
        ? `vendor public key ${keyFile} not found`
        : 'no vendor public key: enrol again (the console gives it) or enrol with --vendor-key <vendor-ed25519.pub>',
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

/**
 * Keeps the vendor's public key (an Ed25519 PEM file) in the state directory, replacing the one
 * held: the explicit, local way to change it (`enrol --vendor-key`).
 */
export function keepVendorKey(state: StateDir, keyFile: string): void {
  state.writeAtomic(files.vendorKey, readVendorKey(state, keyFile));
}

/** The key's id as the portal shows it: the first 16 hex digits of SHA-256 over its SPKI DER. */
export function vendorKid(pem: string): string | undefined {
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') return undefined;
    const der = key.export({ type: 'spki', format: 'der' });
    return createHash('sha256').update(der).digest('hex').slice(0, 16);
  } catch {
    return undefined;
  }
}

export type VendorKeyPin =
  | { outcome: 'pinned' | 'same'; kid: string }
  | { outcome: 'refused'; kid: string; held: string }
  | { outcome: 'invalid' };

/**
 * The vendor key a console's enrolment answer offers (docs/engines-agent.md "Licence"). Trust on
 * first use: with none held it is kept; the same key (compared as a key, not as text) changes
 * nothing; another one is refused and the held key stays, so a console, or whoever answers in
 * its place, cannot swap the key licences are checked with. What is not an Ed25519 public key
 * is refused.
 */
export function pinVendorKey(state: StateDir, pem: string): VendorKeyPin {
  const kid = vendorKid(pem);
  if (!kid) return { outcome: 'invalid' };
  const heldPem = state.readText(files.vendorKey);
  const held = heldPem === undefined ? undefined : vendorKid(heldPem);
  if (held === kid) return { outcome: 'same', kid };
  // A held file that is no key at all protects nothing: the console's key takes its place.
  if (held) return { outcome: 'refused', kid, held };
  state.writeAtomic(files.vendorKey, pem.endsWith('\n') ? pem : pem + '\n');
  return { outcome: 'pinned', kid };
}

/** What the engine's log says of a pin (nothing when the key held is the same). */
export function pinSaid(pin: VendorKeyPin): string | undefined {
  switch (pin.outcome) {
    case 'pinned':
      return `vendor public key ${pin.kid} kept: licences are checked with it`;
    case 'refused':
      return (
        `the console offered vendor public key ${pin.kid}, another than the one held ` +
        `(${pin.held}): kept the one held. If the vendor's key really changed, enrol again ` +
        `with --vendor-key <vendor-ed25519.pub>`
      );
    case 'invalid':
      return 'the console offered a vendor public key that is not an Ed25519 key: ignored';
    default:
      return undefined;
  }
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
