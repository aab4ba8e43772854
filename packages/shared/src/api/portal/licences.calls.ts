import { ZEmpty, ZList } from '../../contracts/common.ts';
import {
  MAX_UPLOAD_BASE64,
  ZDownloadParams,
  ZElevationRequest,
  ZElevationResult,
  ZIssueBatchRequest,
  ZIssueBatchResult,
  ZIssueRecord,
  ZIssueRequest,
  ZIssueResult,
  ZLicenceItem,
  ZLicenceListRequest,
  ZLicenceRecordsRequest,
  ZLicenceRef,
  ZRequestBatchRead,
  ZRequestBatchUpload,
  ZSubLicenceList,
  ZUploadRequest,
  ZUploadResult,
  ZVendorKey,
} from '../../contracts/com.ts';
import { call, companyAccess } from '../define.ts';

/** My license: licences, licence requests, certificates, elevation files and their download. */
const tag = 'com';
const access = companyAccess;

export const licenceList = call({
  method: 'POST',
  path: '/com/my/license',
  access,
  tag,
  summary: 'My licences, soonest expiry first; status filters normal/expiring/expired',
  label: { 'zh-CN': '查看我的许可', 'en-US': 'View my licenses' },
  body: ZLicenceListRequest,
  data: ZList(ZLicenceItem),
});

export const subLicences = call({
  method: 'POST',
  path: '/com/my/license/sub',
  access,
  tag,
  summary: 'Sub-licences: the engines a licence authorises',
  label: { 'zh-CN': '查看子许可', 'en-US': 'View sub-licenses' },
  body: ZLicenceRef,
  data: ZSubLicenceList,
});

export const licenceRecords = call({
  method: 'POST',
  path: '/com/my/license/record',
  access,
  tag,
  summary: 'Issue and renewal records of a licence, newest first',
  label: { 'zh-CN': '查看许可记录', 'en-US': 'View license records' },
  body: ZLicenceRecordsRequest,
  data: ZList(ZIssueRecord),
});

export const uploadLicenceRequest = call({
  method: 'POST',
  path: '/com/auth/device',
  access,
  tag,
  summary: 'Upload a licence request (.dat, base64); answers what issuing it costs',
  label: { 'zh-CN': '上传许可申请', 'en-US': 'Upload license request' },
  body: ZUploadRequest,
  data: ZUploadResult,
  // base64 of a .dat of up to 10 MiB plus the JSON around it.
  bodyLimit: MAX_UPLOAD_BASE64 + 4096,
});

export const uploadLicenceRequests = call({
  method: 'POST',
  path: '/com/auth/devices',
  access,
  tag,
  summary:
    'Upload many licence requests at once: .dat files, or zip archives of them such as the console\'s "Download request files" (base64 each); answers each request read, by device, and each file refused with its reason',
  label: { 'zh-CN': '批量上传许可申请', 'en-US': 'Upload license requests' },
  body: ZRequestBatchUpload,
  data: ZRequestBatchRead,
  // Up to 10 MiB of files in base64, plus the JSON around them.
  bodyLimit: MAX_UPLOAD_BASE64 + 64 * 1024,
});

export const issueLicences = call({
  method: 'POST',
  path: '/com/issue/batch',
  access,
  tag,
  summary:
    'Sign the certificates of many uploaded requests in one transaction, each device paying its months, refused as a whole when the balance does not cover them all; answers one zip of the certificates named by device (requests issued before: their certificates again, nothing paid)',
  label: { 'zh-CN': '批量签发许可证书', 'en-US': 'Issue license certificates' },
  body: ZIssueBatchRequest,
  data: ZIssueBatchResult,
});

export const issueLicence = call({
  method: 'POST',
  path: '/com/issue',
  access,
  tag,
  summary: 'Sign the certificate and deduct its months in one transaction (idempotent)',
  label: { 'zh-CN': '签发许可证书', 'en-US': 'Issue license certificate' },
  body: ZIssueRequest,
  data: ZIssueResult,
});

export const issueElevation = call({
  method: 'POST',
  path: '/com/ele',
  access,
  tag,
  summary: 'Sign a time-limited elevation file for a licensed device',
  label: { 'zh-CN': '签发提权文件', 'en-US': 'Issue elevation file' },
  body: ZElevationRequest,
  data: ZElevationResult,
});

export const vendorPublicKey = call({
  method: 'POST',
  path: '/com/ca',
  access,
  tag,
  summary: 'The vendor public key that verifies certificates',
  label: { 'zh-CN': '获取厂商公钥', 'en-US': 'Get vendor public key' },
  body: ZEmpty,
  data: ZVendorKey,
});

export const downloadIssueFile = call({
  method: 'GET',
  path: '/com/dw/:id',
  access,
  tag,
  summary: 'Download the certificate (.lic) or elevation file (.ele) of an issue record',
  label: { 'zh-CN': '下载签发文件', 'en-US': 'Download issued file' },
  params: ZDownloadParams,
  file: true,
});
