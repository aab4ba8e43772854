import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const REMOVE_ESCROW_PATH = '/user/group/escrow/del';

/** Ends a group's escrow. */
export function removeEscrow(input: { id: string }): Promise<void> {
  return post<void>(REMOVE_ESCROW_PATH, input, { success: true });
}

export function useRemoveEscrow() {
  return useAdminMutation(removeEscrow, ['groups', 'users', 'roles']);
}
