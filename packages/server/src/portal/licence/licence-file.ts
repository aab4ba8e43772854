import { sign, type KeyObject } from 'node:crypto';
import {
  ELEVATION_ARMOUR,
  ELEVATION_SIGNING_PREFIX,
  LICENCE_ARMOUR,
  LICENCE_SIGNING_PREFIX,
  type TElevationPayload,
  type TLicencePayload,
} from '@edp/shared/contracts/licence-file';
import { canonicalJson } from '@edp/shared/licence-request';

/**
 * The licence file formats of docs/architecture.md §7 (docs/licence-format.md). Pure functions: the
 * portal signs with them and the console's activation verifies with them (the verification lives
 * in @edp/shared/licence/verify, which the reference engine uses too).
 */

// The request format is shared with the reference engine, which writes requests.
export { canonicalJson, encodeRequestFile, parseRequestFile } from '@edp/shared/licence-request';

function armour(label: string, body: string): string {
  const lines = body.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function signed(
  label: string,
  prefix: string,
  payload: object,
  key: KeyObject,
  kid: string,
): string {
  const text = canonicalJson(payload);
  const sig = sign(null, Buffer.from(prefix + text, 'utf8'), key).toString('base64');
  const envelope = canonicalJson({ payload: text, alg: 'ed25519', kid, sig });
  return armour(label, Buffer.from(envelope, 'utf8').toString('base64'));
}

export const signLicence = (payload: TLicencePayload, key: KeyObject, kid: string) =>
  signed(LICENCE_ARMOUR, LICENCE_SIGNING_PREFIX, payload, key, kid);

export const signElevation = (payload: TElevationPayload, key: KeyObject, kid: string) =>
  signed(ELEVATION_ARMOUR, ELEVATION_SIGNING_PREFIX, payload, key, kid);

// Verification is shared with the reference engine (node only, never in the web).
export {
  openCertificate,
  verifyCertificate,
  verifyElevation,
  type CertificateExpectations,
  type VerifyResult,
} from '@edp/shared/licence/verify';
