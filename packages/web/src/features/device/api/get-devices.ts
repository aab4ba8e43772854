import { useQuery } from '@tanstack/react-query';
import { engineList } from '@edp/shared/api/portal/devices.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export type DeviceFilter = BodyOf<typeof engineList>;
export type DeviceList = DataOf<typeof engineList>;

const body = (filter: DeviceFilter): DeviceFilter => ({
  ...filter,
  keyword: filter.keyword || undefined,
});

export function getDevices(filter: DeviceFilter) {
  return callApi(engineList, body(filter));
}

export const devicesQuery = (filter: DeviceFilter) => callQuery(engineList, body(filter));

export function useDevices(filter: DeviceFilter) {
  return useQuery(devicesQuery(filter));
}
