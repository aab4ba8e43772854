import type { ConsoleCache } from '../access/index.ts';
import { PortalErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import type { UserRow } from '../store/index.ts';
import { userRepository } from './user-repository.ts';

/** What setting a password uses. */
export type PasswordDeps = Pick<Platform, 'db' | 'clock' | 'sessions' | 'passwords'> & {
  consoleCache: ConsoleCache;
};

/**
 * Sets a user's password. `byOther`: someone else chose it, so the user must change it at the
 * next login. The auto-login link and the user's other sessions end with the old password.
 */
export async function setPassword(
  { db, clock, sessions, passwords, consoleCache }: PasswordDeps,
  user: UserRow,
  digest: string,
  opts: { byOther: boolean; keepSession?: string },
) {
  if (isCommonPasswordDigest(digest)) throw new AppError(PortalErr.PasswordCommon);
  await userRepository(db).update(user.tenantId, user.id, {
    passwordHash: await passwords.hash(digest),
    passwordChangedAt: new Date(clock()),
    mustChangePassword: opts.byOther,
    autoLoginNonce: null,
    autoLoginHash: null,
    autoLoginExpiresAt: null,
  });
  consoleCache.changed(user.tenantId);
  await sessions.revokeAllOf('user', user.id, opts.keepSession);
}
