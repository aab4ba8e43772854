import { COMMAND_ANSWERS } from '../../contracts/commands.ts';
import {
  ZCertificateBatch,
  ZCertificateBatchResult,
  ZCertificateUpload,
  ZInstalledLicence,
  ZLicenceList,
  ZLicenceListRequest,
  ZLicenceRecords,
  ZRequestArchive,
  ZRequestArchiveAsk,
  ZRequestFile,
  ZRequestFileAsk,
} from '../../contracts/licences.ts';
import { ZSyncDevice } from '../../contracts/tasks.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * Activation and renewal (SPEC §4 "four steps", §7 `sync`; docs/licences.md). Step 1 is a
 * request file made of what the engine answers (`rd`, `renew/request`) or, for many devices, of
 * what each reported (`rd/np`); steps 2 and 3 happen on the vendor's portal; step 4 uploads the
 * certificate, which the console checks with its configured vendor key before the engine does
 * (`act`, `renew`, or `finalize` for many). Each is a command to an engine or a record of one:
 * the security operator's write permission, audited.
 */
const tag = 'licences';
/** A batch of a thousand certificates is under 1 MiB; this leaves room for long file names. */
const BATCH_BODY_LIMIT = 4 * 1024 * 1024;

export const activationRequest = call({
  method: 'POST',
  path: '/sync/m/rd',
  access: consoleWrite('operate'),
  tag,
  summary:
    "Step 1 of activation: the device's request file (.dat), made of the fingerprint, kind and installed serial its engine answers now",
  label: { 'zh-CN': '下载激活申请文件', 'en-US': 'Download activation request' },
  body: ZRequestFileAsk,
  data: ZRequestFile,
});

export const renewalRequest = call({
  method: 'POST',
  path: '/sync/m/renew/request',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Step 1 of renewal: the request file of a device that holds a valid licence (the portal keeps its code and raises the serial)',
  label: { 'zh-CN': '下载续期申请文件', 'en-US': 'Download renewal request' },
  body: ZRequestFileAsk,
  data: ZRequestFile,
});

export const requestArchive = call({
  method: 'POST',
  path: '/sync/m/rd/np',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Request files for many devices in one zip (at most 1,000), made of what each engine last reported, without asking it ("np": no probe), so offline devices are included',
  label: { 'zh-CN': '批量下载申请文件', 'en-US': 'Download request files' },
  body: ZRequestArchiveAsk,
  data: ZRequestArchive,
});

export const activate = call({
  method: 'POST',
  path: '/sync/m/act',
  access: consoleWrite('operate'),
  tag,
  summary:
    "Step 4 of activation: the certificate (.lic) checked with the console's vendor key, then installed by the engine while the caller waits",
  label: { 'zh-CN': '上传激活证书', 'en-US': 'Upload activation certificate' },
  body: ZCertificateUpload,
  data: ZInstalledLicence,
  message: 'modified',
});

export const renew = call({
  method: 'POST',
  path: '/sync/m/renew',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Step 4 of renewal: a certificate of the licence installed (same code, higher serial), checked and installed as an activation is',
  label: { 'zh-CN': '上传续期证书', 'en-US': 'Upload renewal certificate' },
  body: ZCertificateUpload,
  data: ZInstalledLicence,
  message: 'modified',
});

export const finalize = call({
  method: 'POST',
  path: '/sync/m/finalize',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Step 4 for many devices: certificates matched to their devices by the request each answers, checked, and delivered by one task; the refused ones with their codes',
  label: { 'zh-CN': '批量上传证书', 'en-US': 'Upload certificates' },
  body: ZCertificateBatch,
  data: ZCertificateBatchResult,
  bodyLimit: BATCH_BODY_LIMIT,
  message: 'created',
});

export const heldLicence = call({
  method: 'POST',
  path: '/sync/m/license',
  access: consoleWrite('operate'),
  tag,
  summary: 'The licence the engine holds now, as it answers',
  label: { 'zh-CN': '查看引擎许可证', 'en-US': "View engine's license" },
  body: ZSyncDevice,
  data: COMMAND_ANSWERS['licence.show'],
});

export const tenantLicences = call({
  method: 'POST',
  path: '/dv/m/licences',
  access: consoleRead('operate'),
  tag,
  summary:
    "The tenant's licences: every running device's code, serial, expiry and days left, expired and expiring first",
  label: { 'zh-CN': '查看许可证', 'en-US': 'View licenses' },
  body: ZLicenceListRequest,
  data: ZLicenceList,
});

export const deviceLicenceRecords = call({
  method: 'POST',
  path: '/dv/m/licence/records',
  access: consoleRead('operate'),
  tag,
  summary: "A device's licence requests not answered yet, and its installs (renewal records)",
  label: { 'zh-CN': '查看许可证记录', 'en-US': "View a device's license records" },
  body: ZSyncDevice,
  data: ZLicenceRecords,
});
