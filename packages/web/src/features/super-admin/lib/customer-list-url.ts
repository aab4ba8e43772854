import { CUSTOMER_SORTS, type CustomerSort } from '@edp/shared/contracts/customers-values';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ExportFormat } from '@edp/shared/constants';

/**
 * What the customer list shows, kept in the address (`?keys=initialised&page=3`) so that Back,
 * a reload or a shared link shows the same page. Only what differs from the defaults is written;
 * a value that is not valid falls back to its default, silently: an edited link is no error.
 */
export interface CustomerListState {
  keyword: string;
  keys?: 'initialised' | 'none';
  licences?: 'expiring' | 'expired';
  balanceMin?: number;
  balanceMax?: number;
  version?: string;
  sort: CustomerSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const DEFAULT_CUSTOMER_LIST: CustomerListState = {
  keyword: '',
  sort: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((v) => v === raw);

function count(raw: string | null, max: number, min = 0): number | undefined {
  if (raw === null || !/^\d{1,7}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= min && n <= max ? n : undefined;
}

export function parseCustomerListSearch(params: URLSearchParams): CustomerListState {
  const keyword = (params.get('q') ?? '').trim();
  const version = (params.get('version') ?? '').trim();
  const pageSize = Number(params.get('size'));
  return {
    keyword: keyword.length <= 100 ? keyword : '',
    keys: oneOf(['initialised', 'none'], params.get('keys')),
    licences: oneOf(['expiring', 'expired'], params.get('licences')),
    balanceMin: count(params.get('min'), 1_000_000),
    balanceMax: count(params.get('max'), 1_000_000),
    version: version && version.length <= 64 ? version : undefined,
    sort: oneOf(CUSTOMER_SORTS, params.get('sort')) ?? DEFAULT_CUSTOMER_LIST.sort,
    order: oneOf(['asc', 'desc'], params.get('order')) ?? DEFAULT_CUSTOMER_LIST.order,
    page: count(params.get('page'), 100_000, 1) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address's query for a state: what differs from the defaults. */
export function customerListSearch(s: CustomerListState): URLSearchParams {
  const d = DEFAULT_CUSTOMER_LIST;
  const entries: [string, string | number | undefined][] = [
    ['q', s.keyword || undefined],
    ['keys', s.keys],
    ['licences', s.licences],
    ['min', s.balanceMin],
    ['max', s.balanceMax],
    ['version', s.version],
    ['sort', s.sort !== d.sort ? s.sort : undefined],
    ['order', s.order !== d.order ? s.order : undefined],
    ['page', s.page !== 1 ? s.page : undefined],
    ['size', s.pageSize !== d.pageSize ? s.pageSize : undefined],
  ];
  return new URLSearchParams(
    entries
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The filter and order, as the list's body and the export's query carry them. */
function filterOf(s: CustomerListState) {
  return {
    keyword: s.keyword || undefined,
    keys: s.keys,
    licences: s.licences,
    balanceMin: s.balanceMin,
    balanceMax: s.balanceMax,
    version: s.version,
    sort: s.sort,
    order: s.order,
  };
}

export const listBody = (s: CustomerListState) => ({
  ...filterOf(s),
  page: s.page,
  pageSize: s.pageSize,
});

export function exportQuery(s: CustomerListState, format: ExportFormat, tz?: string): string {
  const entries = Object.entries(filterOf(s))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, String(v)]);
  return new URLSearchParams([
    ...entries,
    ['format', format],
    ...(tz ? [['tz', tz]] : []),
  ]).toString();
}
