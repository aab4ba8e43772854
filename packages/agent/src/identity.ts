import fs from 'node:fs';
import os from 'node:os';
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import type { EngineKind } from '@edp/shared/constants';
import { newOkpPrivateKey, rawPublicKey } from '@edp/shared/keys/okp-key';
import type { TEngineIdentity } from '@edp/shared/contracts/engine';
import { enrolStatement, type TEnrolProof } from '@edp/shared/contracts/agent';
import { files, type StateDir } from './state-dir.ts';
import agentPackage from '../package.json' with { type: 'json' };

/** This engine's version: the package's (inlined by the build, so the single file knows it). */
export const ENGINE_VERSION: string = agentPackage.version;

function readFirst(paths: string[]): string {
  for (const p of paths) {
    try {
      const text = fs.readFileSync(p, 'utf8').trim();
      if (text) return text;
    } catch {
      // try the next one
    }
  }
  return '';
}

/**
 * The hardware fingerprint: SHA-256 (hex) of facts that stay with the machine — its machine id
 * (systemd / D-Bus), host name and architecture. Re-enrolling the same machine sends the same
 * fingerprint, so the console keeps the same device.
 */
export function machineFingerprint(): string {
  const machineId = readFirst(['/etc/machine-id', '/var/lib/dbus/machine-id']);
  return createHash('sha256')
    .update(['edp-engine/v1', machineId, os.hostname(), os.arch()].join('\n'))
    .digest('hex');
}

/** The first IPv4 address of a non-internal interface (else IPv6, else loopback). */
export function primaryIp(): string {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  const external = all.filter((a) => !a.internal);
  const v4 = external.find((a) => a.family === 'IPv4');
  const v6 = external.find((a) => a.family === 'IPv6' && !a.address.includes('%'));
  return v4?.address ?? v6?.address ?? '127.0.0.1';
}

/** "Debian GNU/Linux 12 (bookworm)" on Linux, "Windows" or the kernel's name elsewhere. */
export function systemType(): string {
  if (os.platform() === 'linux') {
    const release = readFirst(['/etc/os-release', '/usr/lib/os-release']);
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
    if (pretty) return pretty.slice(0, 64);
  }
  return os.type() === 'Windows_NT' ? 'Windows' : os.type();
}

export interface IdentityOptions {
  kind?: EngineKind;
  name?: string;
  fingerprint?: string;
  ip?: string;
}

/** Who this engine is, from the machine it runs on (flags override). */
export function gatherIdentity(opts: IdentityOptions = {}): TEngineIdentity {
  return {
    name: (opts.name ?? os.hostname()).slice(0, 64) || 'engine',
    number: '',
    ip: opts.ip ?? primaryIp(),
    systemType: systemType(),
    kernel: os.release().slice(0, 128),
    version: ENGINE_VERSION,
    kind: opts.kind ?? 'TDE',
    port: null,
    collectorIp: null,
    qid: '',
    fingerprint: (opts.fingerprint ?? machineFingerprint()).toLowerCase(),
  };
}

/** The identity kept at enrolment, else the one this machine has now. */
export function currentIdentity(state: StateDir): TEngineIdentity {
  return state.readJson<TEngineIdentity>(files.identity) ?? gatherIdentity();
}

/**
 * The engine's own key pair (docs/engines-agent.md "Identity"): made at the first enrolment, kept
 * in the state directory (0600), and what proves this engine when it enrols again — a
 * fingerprint any local user can compute proves nothing (issue 34).
 */
export interface EngineKey {
  privateKey: KeyObject;
  /** The public key as the console keeps it: the 32 raw bytes in base64url. */
  key: string;
}

/** A new key pair (about 0.1 ms: the simulator makes one per engine). */
export function newEngineKey(): EngineKey {
  const privateKey = newOkpPrivateKey('Ed25519');
  return { privateKey, key: rawPublicKey(privateKey) };
}

/**
 * The key pair made from `seed` (any text): the same seed, the same key. For the simulator, whose
 * engines with one `--seed` are the same devices on every run and must prove it. A private JWK
 * needs an `x`, but the public key is derived from `d` alone (the one given is not used): about
 * 0.03 ms, where the PKCS #8 import would take ten times that.
 */
export function seededEngineKey(seed: string): EngineKey {
  const d = createHash('sha256').update(`edp-engine-key/v1\n${seed}`).digest('base64url');
  const privateKey = createPrivateKey({
    key: { kty: 'OKP', crv: 'Ed25519', d, x: 'A'.repeat(43) },
    format: 'jwk',
  });
  return { privateKey, key: privateKey.export({ format: 'jwk' }).x! };
}

/** The key pair kept in the state directory, if there is one. */
export function keptEngineKey(state: StateDir): EngineKey | undefined {
  const pem = state.readText(files.engineKey);
  if (!pem) return undefined;
  const privateKey = createPrivateKey(pem);
  return { privateKey, key: privateKey.export({ format: 'jwk' }).x! };
}

/** Keeps the key pair (private key as PKCS #8 PEM, mode 0600: it is the engine's credential). */
export function keepEngineKey(state: StateDir, k: EngineKey): void {
  state.writeAtomic(files.engineKey, k.privateKey.export({ format: 'pem', type: 'pkcs8' }), 0o600);
}

/** A proof for this device at `at` (the console's clock as the engine reckons it). */
export function enrolProof(k: EngineKey, fingerprint: string, at: number): TEnrolProof {
  const text = Buffer.from(enrolStatement(fingerprint, k.key, at));
  return { key: k.key, at, signature: sign(null, text, k.privateKey).toString('base64url') };
}
