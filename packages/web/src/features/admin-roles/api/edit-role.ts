import { editRole as editRoleCall, roleList } from '@edp/shared/api/console/roles.calls';
import { userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Built-in roles keep their duty: the caller leaves `menu` out for them. */
export function editRole(input: BodyOf<typeof editRoleCall>) {
  return callApi(editRoleCall, input, { success: true });
}

export function useEditRole() {
  return useChange(editRole, [roleList, userList]);
}
