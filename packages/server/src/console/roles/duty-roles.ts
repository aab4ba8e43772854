import type { Db } from '../../platform/db/index.ts';
import type { RoleInsert } from '../store/index.ts';
import { roleRepository } from './role-repository.ts';

/**
 * Adds a built-in duty role of a tenant being set up, in the set-up's transaction (`tx`); its
 * id. The roles module writes `console_roles`; services.ts hands this to the set-up.
 */
export function addDutyRole(tx: Db, values: RoleInsert): Promise<string> {
  return roleRepository(tx).insert(values);
}
