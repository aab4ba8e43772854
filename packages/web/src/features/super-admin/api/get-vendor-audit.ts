import { useQuery } from '@tanstack/react-query';
import { vendorAuditList } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callQuery } from '../../../lib/api-query.ts';

export type VendorAuditFilter = BodyOf<typeof vendorAuditList>;
export type VendorAuditRow = DataOf<typeof vendorAuditList>['list'][number];

/** A keyset page of the vendor's audit log; errors are shown on the page, not toasted. */
export function useVendorAudit(filter: VendorAuditFilter) {
  return useQuery(
    callQuery(
      vendorAuditList,
      { ...filter, keyword: filter.keyword || undefined },
      { silent: true },
    ),
  );
}
