import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TEngineItem } from '@edp/shared/contracts/com';
import type { TList } from '@edp/shared/contracts/common';
import type { EngineKind } from '@edp/shared/constants';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const DEVICES_PATH = '/com/my/device';

export type DeviceFilter = PageParams & {
  kind?: EngineKind | undefined;
  type?: number | undefined;
  keyword?: string | undefined;
};

export type DeviceList = TList<TEngineItem> & { counts: Record<string, number> };

export function getDevices(filter: DeviceFilter): Promise<DeviceList> {
  return post<DeviceList>(DEVICES_PATH, { ...filter, keyword: filter.keyword || undefined });
}

export const devicesQuery = (filter: DeviceFilter) =>
  queryOptions({
    queryKey: ['com', 'devices', filter],
    queryFn: () => getDevices(filter),
    placeholderData: keepPreviousData,
  });

export function useDevices(filter: DeviceFilter) {
  return useQuery(devicesQuery(filter));
}
