import { makeRechargeCodes, packageList } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Single-use recharge codes of a package; the server keeps only their hashes. */
export function makeCodes(input: BodyOf<typeof makeRechargeCodes>) {
  return callApi(makeRechargeCodes, input);
}

export function useMakeCodes() {
  return useChange(makeCodes, [packageList]);
}
