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
  label: { 'zh-CN': '查看我的引擎', 'en-US': 'View my engines' },
  body: ZDeviceListRequest,
  data: ZDeviceList,
});

export const deviceInfo = call({
  method: 'POST',
  path: '/com/dv/info',
  access,
  tag,
  summary: 'A device: its engines, licences and latest issue records',
  label: { 'zh-CN': '查看设备详情', 'en-US': 'View device details' },
  body: ZDeviceRef,
  data: ZDeviceInfo,
});

export const deviceIssueRecords = call({
  method: 'POST',
  path: '/com/device/issue/record',
  access,
  tag,
  summary: 'Issue records of one device, newest first',
  label: { 'zh-CN': '查看设备签发记录', 'en-US': 'View device issue records' },
  body: ZDeviceRecordsRequest,
  data: ZList(ZIssueRecord),
});

export const allIssueRecords = call({
  method: 'POST',
  path: '/com/all/issue/record',
  access,
  tag,
  summary: 'All issue records of the company, newest first',
  label: { 'zh-CN': '查看全部签发记录', 'en-US': 'View all issue records' },
  body: ZAllRecordsRequest,
  data: ZList(ZIssueRecord),
});
