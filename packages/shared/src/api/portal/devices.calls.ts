import { ZList } from '../../contracts/common.ts';
import {
  ZAllRecordsRequest,
  ZDeviceInfo,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceRecordsRequest,
  ZDeviceRef,
  ZIssueRecord,
} from '../../contracts/com.ts';
import { call, companyAccess } from '../define.ts';

/** My engine: engines, a device's detail, and issue records by device or all. */
const tag = 'com';
const access = companyAccess;

export const engineList = call({
  method: 'POST',
  path: '/com/my/device',
  access,
  tag,
  summary: 'My engines with licence state, and counts per device type',
  body: ZDeviceListRequest,
  data: ZDeviceList,
});

export const deviceInfo = call({
  method: 'POST',
  path: '/com/dv/info',
  access,
  tag,
  summary: 'A device: its engines, licences and latest issue records',
  body: ZDeviceRef,
  data: ZDeviceInfo,
});

export const deviceIssueRecords = call({
  method: 'POST',
  path: '/com/device/issue/record',
  access,
  tag,
  summary: 'Issue records of one device, newest first',
  body: ZDeviceRecordsRequest,
  data: ZList(ZIssueRecord),
});

export const allIssueRecords = call({
  method: 'POST',
  path: '/com/all/issue/record',
  access,
  tag,
  summary: 'All issue records of the company, newest first',
  body: ZAllRecordsRequest,
  data: ZList(ZIssueRecord),
});
