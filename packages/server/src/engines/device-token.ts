import { createHash, randomBytes } from 'node:crypto';

/**
 * Device tokens and enrolment secrets: random, each shown once (a token to its engine, a secret
 * to the operator who made it). The server keeps their SHA-256 only: a stolen database lets no
 * one check in as a device or enrol one. Both carry 192 bits or more, so a plain SHA-256 (no
 * salt, no stretching) is enough, and lets enrolment find a secret by one index probe.
 */
export const newDeviceToken = () => `edp_dev_${randomBytes(32).toString('base64url')}`;
export const newEnrolSecret = () => `edp_enrol_${randomBytes(24).toString('base64url')}`;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** What is kept of an enrolment secret, and looked up at enrolment. */
export const secretHash = tokenHash;
/** What is kept for people to tell secrets apart: the last four characters (24 of 192 bits). */
export const secretHint = (secret: string) => secret.slice(-4);

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,100})$/;

/** The token of an `Authorization: Bearer …` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
