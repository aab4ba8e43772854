import { myInfo, updateMyName } from '@edp/shared/api/console/profile.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export function updateMyInfo({
  name,
  successText,
}: BodyOf<typeof updateMyName> & { successText: string }) {
  return callApi(updateMyName, { name }, { success: successText });
}

/** Then refreshes my info (the layout shows it). */
export function useUpdateMyInfo() {
  return useChange(updateMyInfo, [myInfo]);
}
