import { addRole as addRoleCall, roleList } from '@edp/shared/api/console/roles.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export type RoleInput = BodyOf<typeof addRoleCall>;

export function addRole(input: RoleInput) {
  return callApi(addRoleCall, input, { success: true });
}

export function useAddRole() {
  return useChange(addRole, [roleList]);
}
