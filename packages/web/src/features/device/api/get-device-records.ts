import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TIssueRecord } from '@edp/shared/contracts/com';
import type { TList } from '@edp/shared/contracts/common';
import { post } from '../../../lib/http.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

export const DEVICE_RECORDS_PATH = '/com/device/issue/record';

/** Certificates and elevation files issued for one device. */
export function getDeviceRecords(deviceId: string, params: PageParams) {
  return post<TList<TIssueRecord>>(DEVICE_RECORDS_PATH, { deviceId, ...params });
}

export const deviceRecordsQuery = (deviceId: string, params: PageParams) =>
  queryOptions({
    queryKey: ['com', 'device-records', deviceId, params],
    queryFn: () => getDeviceRecords(deviceId, params),
    placeholderData: keepPreviousData,
  });

export function useDeviceRecords(deviceId: string, params: PageParams, enabled = true) {
  return useQuery({ ...deviceRecordsQuery(deviceId, params), enabled });
}
