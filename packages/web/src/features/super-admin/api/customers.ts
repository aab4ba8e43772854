import { useQuery } from '@tanstack/react-query';
import {
  customerBalance,
  customerDetail,
  customerLicences,
  customerList,
  exportCustomers as exportCall,
  reportedVersions,
} from '@edp/shared/api/portal/customers.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { ExportFormat } from '@edp/shared/constants';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';
import { downloadCall } from '../../../lib/download-file.ts';
import { readerTimeZone } from '../../../lib/format.ts';
import { exportQuery, listBody, type CustomerListState } from '../lib/customer-list-url.ts';

export type CustomerListBody = BodyOf<typeof customerList>;

/** The customers as the list's state says (customer-list-url.ts). */
export function useCustomers(state: CustomerListState) {
  return useQuery(callQuery(customerList, listBody(state)));
}

/** Customers whose name, e-mail or contact holds `keyword`: the tenant form's customer search. */
export function findCustomers(keyword: string) {
  return callApi(customerList, { keyword: keyword || undefined, pageSize: 20 }, { silent: true });
}

export function useCustomer(id: string) {
  return useQuery({
    ...callQuery(customerDetail, { id }, { silent: true }),
    placeholderData: undefined,
  });
}

export function useCustomerLicences(body: BodyOf<typeof customerLicences>) {
  return useQuery(callQuery(customerLicences, body));
}

export function useCustomerBalance(body: BodyOf<typeof customerBalance>) {
  return useQuery(callQuery(customerBalance, body));
}

/** The versions engines report, for the version filter. */
export function useReportedVersions() {
  return useQuery({ ...callQuery(reportedVersions, {}), staleTime: 60_000 });
}

/**
 * Downloads every customer of the list as filtered and sorted, as CSV or XLSX in the page's
 * language and the reader's time zone. Silent: the page shows the failure.
 */
export function exportCustomers(state: CustomerListState, format: ExportFormat): Promise<string> {
  return downloadCall(exportCall, {}, `customers.${format}`, {
    query: exportQuery(state, format, readerTimeZone()),
    silent: true,
  });
}
