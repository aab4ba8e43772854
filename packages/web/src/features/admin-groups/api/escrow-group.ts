import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const ESCROW_GROUP_PATH = '/user/group/escrow';

/** Hands the group's devices to an ancestor (tiered) or a sibling group. */
export function escrowGroup(input: {
  id: string;
  toGroupId: string;
  mode: 'tiered' | 'sibling';
}): Promise<void> {
  return post<void>(ESCROW_GROUP_PATH, input, { success: true });
}

export function useEscrowGroup() {
  return useAdminMutation(escrowGroup, ['groups', 'users', 'roles']);
}
