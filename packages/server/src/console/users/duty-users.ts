import type { Db } from '../../platform/db/index.ts';
import type { UserInsert } from '../store/index.ts';
import { userRepository } from './user-repository.ts';

/**
 * Adds the user who holds a built-in duty of a tenant being set up, in the set-up's transaction
 * (`tx`): the users module writes `console_users`; services.ts hands this to the set-up.
 */
export async function addDutyUser(tx: Db, values: UserInsert): Promise<void> {
  await userRepository(tx).insert(values);
}
