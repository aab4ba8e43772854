import type { MenuMode, RolePermission } from '@edp/shared/permissions';
import { post } from '../../../lib/http.ts';
import { useAdminMutation } from '../../admin-common/api/use-admin-mutation.ts';

export const ADD_ROLE_PATH = '/user/role/add';

export interface RoleInput {
  name: string;
  menu: MenuMode;
  permission: RolePermission;
  groupIds: string[];
}

export function addRole(input: RoleInput): Promise<{ id: string }> {
  return post<{ id: string }>(ADD_ROLE_PATH, input, { success: true });
}

export function useAddRole() {
  return useAdminMutation(addRole, ['roles']);
}
