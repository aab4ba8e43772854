import {
  DEFAULT_PAGE_SIZE,
  DEVICE_TYPE_RANGE,
  ENGINE_KINDS,
  PAGE_SIZES,
} from '@edp/shared/constants';
import type { ExportFormat } from '@edp/shared/constants';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { filterOf, NO_FILTER, type DeviceFilterState } from './device-filter.ts';
import {
  INSTALL_VALUES,
  ORDERS,
  PRESENCE_VALUES,
  SORTS,
  type DeviceSort,
  type SortOrder,
} from './device-enums.ts';

/**
 * Everything that says which devices the list shows, kept in the address (`?sort=name&page=3`)
 * so that Back, a reload or a shared link shows the same page. Only what differs from the
 * defaults is written; a value that is not valid falls back to its default, silently, since an
 * edited or outdated link is no error of the user's.
 */
export interface DeviceListState {
  status: DeviceStatus;
  filter: DeviceFilterState;
  sort: DeviceSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

export const DEFAULT_LIST: DeviceListState = {
  status: 'running',
  filter: NO_FILTER,
  sort: 'createdAt',
  order: 'desc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The contract's limits: a keyword of up to 64 characters, group ids as UUIDs. */
const MAX_KEYWORD = 64;
const MAX_PAGE = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function oneOf<T extends string | number>(values: readonly T[], raw: string | null): T | undefined {
  if (raw === null) return undefined;
  return values.find((v) => String(v) === raw);
}

function wholeNumber(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : undefined;
}

export function parseDeviceListSearch(params: URLSearchParams): DeviceListState {
  const group = params.get('group');
  const groupId = group !== null && UUID.test(group) ? group.toLowerCase() : undefined;
  const keyword = (params.get('q') ?? '').trim();
  const filter: DeviceFilterState = {
    subgroups: params.get('subgroups') !== '0',
    keyword: keyword.length <= MAX_KEYWORD ? keyword : '',
  };
  const optional = {
    groupId,
    type: oneOf(DEVICE_TYPE_RANGE, params.get('type')),
    kind: oneOf(ENGINE_KINDS, params.get('kind')),
    presence: oneOf(PRESENCE_VALUES, params.get('presence')),
    install: oneOf(INSTALL_VALUES, params.get('install')),
    expiring: params.get('expiring') === '1' ? true : undefined,
    outdated: params.get('outdated') === '1' ? true : undefined,
  };
  for (const [key, value] of Object.entries(optional))
    if (value !== undefined) Object.assign(filter, { [key]: value });
  return {
    status: params.get('list') === 'deprecated' ? 'deprecated' : 'running',
    filter,
    sort: oneOf(SORTS, params.get('sort')) ?? DEFAULT_LIST.sort,
    order: oneOf(ORDERS, params.get('order')) ?? DEFAULT_LIST.order,
    page: wholeNumber(params.get('page'), MAX_PAGE) ?? 1,
    pageSize: oneOf(PAGE_SIZES, params.get('size')) ?? DEFAULT_LIST.pageSize,
  };
}

/** The address's search part for a state: only what differs from the defaults, in a fixed order. */
export function deviceListSearch(state: DeviceListState): URLSearchParams {
  const { filter: f } = state;
  const keyword = f.keyword.trim();
  const entries: [string, string | undefined][] = [
    ['list', state.status === 'deprecated' ? 'deprecated' : undefined],
    ['group', f.groupId],
    ['subgroups', f.groupId && !f.subgroups ? '0' : undefined],
    ['type', f.type === undefined ? undefined : String(f.type)],
    ['kind', f.kind],
    ['presence', f.presence],
    ['install', f.install],
    ['expiring', f.expiring ? '1' : undefined],
    ['outdated', f.outdated ? '1' : undefined],
    ['q', keyword || undefined],
    ['sort', state.sort === DEFAULT_LIST.sort ? undefined : state.sort],
    ['order', state.order === DEFAULT_LIST.order ? undefined : state.order],
    ['page', state.page > 1 ? String(state.page) : undefined],
    ['size', state.pageSize === DEFAULT_LIST.pageSize ? undefined : String(state.pageSize)],
  ];
  return new URLSearchParams(entries.filter((e): e is [string, string] => e[1] !== undefined));
}

/**
 * The query of the device export (`GET /dv/m/export`): the list the page shows — its status,
 * filter and order, not its page — the file's format and the zone its times are written in.
 */
export function exportQuery(state: DeviceListState, format: ExportFormat, tz?: string): string {
  const entries = Object.entries(filterOf(state.filter)).map(([k, v]) => [k, String(v)]);
  return new URLSearchParams([
    ...entries,
    ['status', state.status],
    ['sort', state.sort],
    ['order', state.order],
    ['format', format],
    ...(tz ? [['tz', tz]] : []),
  ]).toString();
}
