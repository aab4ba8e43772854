import {
  ZAffected,
  ZDeviceActivity,
  ZDeviceActivityRequest,
  ZDeviceAdd,
  ZDeviceDetail,
  ZDeviceEdit,
  ZDeviceExportQuery,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceMove,
  ZDeviceOverview,
  ZDevicePreview,
  ZDevicePreviewRequest,
  ZDeviceTargetRequest,
  ZEnrolSecretAdd,
  ZEnrolSecretList,
  ZEnrolSecretMade,
  ZEnrolSecretRotate,
  ZGroupRef,
  ZReenrolAllowed,
} from '../../contracts/devices.ts';
import { ZCreated, ZIdRequest } from '../../contracts/user.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** The device centre under /dv/m (docs/engines.md "Device centre"): the security operator's. */
const tag = 'device';

export const deviceList = call({
  method: 'POST',
  path: '/dv/m/list',
  access: consoleRead('operate'),
  tag,
  summary: 'Running devices of the groups the caller sees, filtered, sorted and paged',
  label: { 'zh-CN': '查看设备', 'en-US': 'View devices' },
  body: ZDeviceListRequest,
  data: ZDeviceList,
});

export const deprecatedDeviceList = call({
  method: 'POST',
  path: '/dv/m/del/list',
  access: consoleRead('operate'),
  tag,
  summary: 'Deprecated devices, with the same filters',
  label: { 'zh-CN': '查看已废弃设备', 'en-US': 'View deprecated devices' },
  body: ZDeviceListRequest,
  data: ZDeviceList,
});

export const exportDevices = call({
  method: 'GET',
  path: '/dv/m/export',
  access: consoleRead('operate'),
  tag,
  summary:
    "Every device of a list as filtered and sorted (the query of /dv/m/list with status), as CSV or XLSX in the caller's language, times in the reader's time zone (tz)",
  label: { 'zh-CN': '导出设备', 'en-US': 'Export devices' },
  query: ZDeviceExportQuery,
  file: true,
});

export const deviceDetail = call({
  method: 'POST',
  path: '/dv/m/info',
  access: consoleRead('operate'),
  tag,
  summary: "A device's detail: identity, state, licence, protected directories, uptime",
  label: { 'zh-CN': '查看设备信息', 'en-US': 'View device information' },
  body: ZIdRequest,
  data: ZDeviceDetail,
});

export const deviceActivity = call({
  method: 'POST',
  path: '/dv/m/activity',
  access: consoleRead('operate'),
  tag,
  summary:
    "A device's activity, newest first, keyset-paged: enrolled, added, edited, moved, deprecated, offline and back, licence",
  label: { 'zh-CN': '查看设备动态', 'en-US': 'View device activity' },
  body: ZDeviceActivityRequest,
  data: ZDeviceActivity,
});

export const addDevice = call({
  method: 'POST',
  path: '/dv/m/add',
  access: consoleWrite('operate'),
  tag,
  summary: 'Add a device before its engine enrols',
  label: { 'zh-CN': '新增设备', 'en-US': 'Add device' },
  body: ZDeviceAdd,
  data: ZCreated,
  message: 'created',
});

export const editDevice = call({
  method: 'POST',
  path: '/dv/m/edit',
  access: consoleWrite('operate'),
  tag,
  summary: 'Rename a device, change its remark or move it to another group',
  label: { 'zh-CN': '编辑设备', 'en-US': 'Edit device' },
  body: ZDeviceEdit,
  message: 'modified',
});

export const allowReenrol = call({
  method: 'POST',
  path: '/dv/m/reenrol/allow',
  access: consoleWrite('operate'),
  tag,
  summary:
    "Let the device's next enrolment (same fingerprint, a live secret) in without its engine's proof, for 24 hours: a re-imaged machine that lost its engine's state",
  label: { 'zh-CN': '允许重新注册', 'en-US': 'Allow re-enrolment' },
  body: ZIdRequest,
  data: ZReenrolAllowed,
  message: 'modified',
});

export const previewDevices = call({
  method: 'POST',
  path: '/dv/m/match',
  access: consoleRead('operate'),
  tag,
  summary: 'How many devices, and which first few, a bulk action would touch',
  label: { 'zh-CN': '预览批量操作', 'en-US': 'Preview bulk action' },
  body: ZDevicePreviewRequest,
  data: ZDevicePreview,
});

export const deprecateDevices = call({
  method: 'POST',
  path: '/dv/m/del',
  access: consoleWrite('operate'),
  tag,
  summary: "Deprecate running devices (irreversible): their engines' tokens stop working",
  label: { 'zh-CN': '废弃设备', 'en-US': 'Deprecate devices' },
  body: ZDeviceTargetRequest,
  data: ZAffected,
  message: 'modified',
});

export const moveDevices = call({
  method: 'POST',
  path: '/dv/m/mv',
  access: consoleWrite('operate'),
  tag,
  summary: 'Move running devices to another group',
  label: { 'zh-CN': '移动设备', 'en-US': 'Move devices' },
  body: ZDeviceMove,
  data: ZAffected,
  message: 'modified',
});

export const purgeDevices = call({
  method: 'POST',
  path: '/dv/m/real/del',
  access: consoleWrite('operate'),
  tag,
  summary: 'Delete deprecated devices for good',
  label: { 'zh-CN': '彻底删除设备', 'en-US': 'Delete devices permanently' },
  body: ZDeviceTargetRequest,
  data: ZAffected,
  message: 'deleted',
});

export const enrolSecretList = call({
  method: 'POST',
  path: '/dv/m/secret',
  access: consoleRead('operate'),
  tag,
  summary:
    "A group's enrolment secrets, live and revoked, with who made and revoked each and the engines enrolled with it; never a secret itself",
  label: { 'zh-CN': '查看注册密钥', 'en-US': 'View enrolment secrets' },
  body: ZGroupRef,
  data: ZEnrolSecretList,
});

export const addEnrolSecret = call({
  method: 'POST',
  path: '/dv/m/secret/add',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Make a named enrolment secret for a group, optionally expiring; the answer is the only place the secret is shown',
  label: { 'zh-CN': '新建注册密钥', 'en-US': 'Make enrolment secret' },
  body: ZEnrolSecretAdd,
  data: ZEnrolSecretMade,
  message: 'created',
});

export const revokeEnrolSecret = call({
  method: 'POST',
  path: '/dv/m/secret/revoke',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Revoke an enrolment secret: new enrolments with it are refused (-10100); engines enrolled with it keep working',
  label: { 'zh-CN': '吊销注册密钥', 'en-US': 'Revoke enrolment secret' },
  body: ZIdRequest,
  message: 'modified',
});

export const rotateEnrolSecret = call({
  method: 'POST',
  path: '/dv/m/secret/rotate',
  access: consoleWrite('operate'),
  tag,
  summary:
    "Make a group's new enrolment secret and revoke its live ones, at once; enrolled engines keep working",
  label: { 'zh-CN': '更换注册密钥', 'en-US': 'Rotate enrolment secret' },
  body: ZEnrolSecretRotate,
  data: ZEnrolSecretMade,
  message: 'modified',
});

export const deviceOverview = call({
  method: 'POST',
  path: '/dv/m/overview',
  access: consoleRead('operate', 'system', 'audit', 'kss'),
  tag,
  summary:
    'Home page figures: devices by type and presence, licences ending soon, recent enrolments',
  label: { 'zh-CN': '查看数据概览', 'en-US': 'View data overview' },
  body: ZEmpty,
  data: ZDeviceOverview,
});
