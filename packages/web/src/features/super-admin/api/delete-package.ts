import { deletePackage as deleteCall, packageList } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Hides a package; codes already handed out stay redeemable (docs/portal.md). */
export function deletePackage({
  id,
  successText,
}: BodyOf<typeof deleteCall> & { successText: string }) {
  return callApi(deleteCall, { id }, { success: successText });
}

export function useDeletePackage() {
  return useChange(deletePackage, [packageList]);
}
