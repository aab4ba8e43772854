import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const VENDOR_CHECK_PATH = '/sa/n/check';

/** Whether the vendor's super administrator exists yet (first run: no). */
export function checkVendor(): Promise<{ initialized: boolean }> {
  return post<{ initialized: boolean }>(VENDOR_CHECK_PATH);
}

export const vendorCheckQuery = queryOptions({
  queryKey: ['sa', 'check'],
  queryFn: checkVendor,
});

export function useVendorCheck() {
  return useQuery(vendorCheckQuery);
}
