import { createHash, randomBytes } from 'node:crypto';

/**
 * Device tokens and enrolment secrets: random, shown once (tokens) or to the console's
 * operators (secrets). The server keeps a token's SHA-256 only: a stolen database does not
 * let anyone check in as a device.
 */
export const newDeviceToken = () => `edp_dev_${randomBytes(32).toString('base64url')}`;
export const newEnrolSecret = () => `edp_enrol_${randomBytes(24).toString('base64url')}`;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,100})$/;

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
