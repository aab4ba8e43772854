import type { ConsoleCache } from '../access/index.ts';
import { PortalErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { hashPassword, isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import { userRepository, type UserRow } from './user-repository.ts';

/**
 * Sets a user's password. `byOther`: someone else chose it, so the user must change it at the
 * next login. The auto-login link and the user's other sessions end with the old password.
 */
export async function setPassword(
  app: Pick<Platform, 'db' | 'sessions'> & { consoleCache: ConsoleCache },
  user: UserRow,
  digest: string,
  opts: { byOther: boolean; keepSession?: string },
) {
  if (isCommonPasswordDigest(digest)) throw new AppError(PortalErr.PasswordCommon);
  await userRepository(app.db).update(user.tenantId, user.id, {
    passwordHash: await hashPassword(digest),
    passwordChangedAt: new Date(),
    mustChangePassword: opts.byOther,
    autoLoginNonce: null,
    autoLoginHash: null,
    autoLoginExpiresAt: null,
  });
  app.consoleCache.changed(user.tenantId);
  await app.sessions.revokeAllOf('user', user.id, opts.keepSession);
}
