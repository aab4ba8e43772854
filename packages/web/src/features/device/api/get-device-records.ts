import { useQuery } from '@tanstack/react-query';
import { deviceIssueRecords } from '@edp/shared/api/portal/devices.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

/** Certificates and elevation files issued for one device. */
export function getDeviceRecords(deviceId: string, params: PageParams) {
  return callApi(deviceIssueRecords, { deviceId, ...params });
}

export const deviceRecordsQuery = (deviceId: string, params: PageParams) =>
  callQuery(deviceIssueRecords, { deviceId, ...params });

export function useDeviceRecords(deviceId: string, params: PageParams, enabled = true) {
  return useQuery({ ...deviceRecordsQuery(deviceId, params), enabled });
}
