import {
  ZAffected,
  ZDeviceActivity,
  ZDeviceActivityRequest,
  ZDeviceAdd,
  ZDeviceDetail,
  ZDeviceEdit,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceMove,
  ZDeviceOverview,
  ZDevicePreview,
  ZDevicePreviewRequest,
  ZDeviceTargetRequest,
  ZEnrolSecretInfo,
  ZGroupRef,
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

export const enrolSecret = call({
  method: 'POST',
  path: '/dv/m/secret',
  access: consoleRead('operate'),
  tag,
  summary: "A group's enrolment secret (null until one is made)",
  label: { 'zh-CN': '查看注册密钥', 'en-US': 'View enrolment secret' },
  body: ZGroupRef,
  data: ZEnrolSecretInfo,
});

export const rotateEnrolSecret = call({
  method: 'POST',
  path: '/dv/m/secret/rotate',
  access: consoleWrite('operate'),
  tag,
  summary: "Make a group's enrolment secret, or replace it; enrolled engines keep working",
  label: { 'zh-CN': '更换注册密钥', 'en-US': 'Rotate enrolment secret' },
  body: ZGroupRef,
  data: ZEnrolSecretInfo,
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
