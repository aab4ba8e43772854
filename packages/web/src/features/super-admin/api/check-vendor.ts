import { useQuery } from '@tanstack/react-query';
import { vendorCheck } from '@edp/shared/api/portal/vendor.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

/** Whether the vendor's super administrator exists yet (first run: no). */
export function checkVendor() {
  return callApi(vendorCheck);
}

export const vendorCheckQuery = callQuery(vendorCheck);

export function useVendorCheck() {
  return useQuery(vendorCheckQuery);
}
