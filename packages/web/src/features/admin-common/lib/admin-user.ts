import type { TUserInfo } from '@edp/shared/contracts/login';
import { mayCall, type Route } from '@edp/shared/api/define';
import type { RoleGrant } from '@edp/shared/permissions';
import { useSession } from '../../../lib/use-session.ts';

/** The signed-in console user as the login answered it (`ZUserInfo`), or undefined. */
export function useAdminUser(): TUserInfo | undefined {
  const { user } = useSession();
  return user && Array.isArray(user.menus) ? (user as unknown as TUserInfo) : undefined;
}

/**
 * What the user may do: the menus they hold now (own role and proxies in their window, as the
 * server computed them) with their own role's permission. A proxied role's permission is not
 * in the user info, so a read-only user proxied a writable role may see a write action the
 * server then refuses: the server decides, the screen only avoids showing dead ends.
 */
export function grantsOf(user: TUserInfo | undefined): RoleGrant[] {
  if (!user) return [];
  const permission = user.permission ?? (user.userType <= 2 ? 'write' : 'read');
  return [{ menus: user.menus, permission }];
}

/** Whether the signed-in user may make a console call (its declaration's access). */
export function useMayCall(call: Route): boolean {
  const user = useAdminUser();
  return call.access.who === 'console' && mayCall(grantsOf(user), call.access);
}
