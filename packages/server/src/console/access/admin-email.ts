import type { MenuMode, RolePermission, RoleUserType } from '@edp/shared/permissions';
import { ConsoleErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';

/**
 * Whether a role's holders administer users — the super role, the system administrator's and any
 * writable role of the system duty. While login codes go by e-mail (mailCode) each of them needs
 * an e-mail address (docs/console.md "Login codes"): without one they could never sign in again,
 * and they are the ones who set the others' addresses. The SQL twin is `administersUsersSql`.
 */
export function administersUsers(role: {
  userType: RoleUserType;
  menu: MenuMode;
  permission: RolePermission;
}): boolean {
  return role.userType !== 3 || (role.menu === 'system' && role.permission === 'write');
}

/** Refuses a change that leaves these system administrators without an e-mail (-10082). */
export function refuseAdminsWithoutEmail(accounts: string[]) {
  if (accounts.length === 0) return;
  const shown = accounts.slice(0, 10).join(', ') + (accounts.length > 10 ? ', …' : '');
  throw new AppError(ConsoleErr.AdminEmailRequired, { accounts: shown });
}
