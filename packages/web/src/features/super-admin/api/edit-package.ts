import { packageList, savePackage } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** A package: without `id` a new one. */
export type PackageInput = BodyOf<typeof savePackage>;

/** Creates a package (no id) or changes one. */
export function editPackage({ successText, ...body }: PackageInput & { successText: string }) {
  return callApi(savePackage, body, { success: successText });
}

export function useEditPackage() {
  return useChange(editPackage, [packageList]);
}
