import { purgeUser, userList } from '@edp/shared/api/console/users.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Deletes a (soft-)deleted user for good. */
export function realDeleteUser(input: BodyOf<typeof purgeUser>) {
  return callApi(purgeUser, input, { success: true });
}

export function useRealDeleteUser() {
  return useChange(realDeleteUser, [userList]);
}
