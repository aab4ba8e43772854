import { deleteRole as deleteRoleCall, roleList } from '@edp/shared/api/console/roles.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Not built-in and nobody holds it; its group links go with it. */
export function deleteRole(input: BodyOf<typeof deleteRoleCall>) {
  return callApi(deleteRoleCall, input, { success: true });
}

export function useDeleteRole() {
  return useChange(deleteRole, [roleList]);
}
