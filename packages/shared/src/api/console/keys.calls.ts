import {
  ZFinishRotation,
  ZIncident,
  ZIncidentDeclare,
  ZIncidentListRequest,
  ZIncidentNoteRequest,
  ZIncidentPage,
  ZRotateDevices,
  ZDeviceEscrow,
  ZDeviceRef,
  ZEscrowListRequest,
  ZEscrowPage,
  ZKeyInit,
  ZKeySplit,
  ZKeyStatus,
  ZRecovery,
  ZRecoveryAsk,
  ZRecoveryId,
  ZRecoveryListRequest,
  ZRecoveryPage,
  ZRecoveryPresent,
  ZShareConfirm,
  ZShareDownload,
  ZSplit,
} from '../../contracts/keys.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { ZCreated } from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/**
 * Key management under dual control (SPEC §2 "key management"; docs/keys.md). The key manager
 * (`kss`) does every key operation; the auditor (`audit`) reads them; no one else sees them. No
 * answer carries key material but a share to its holder (once) and a recovery file to its
 * requester (once), both as downloads encrypted to what their reader chose.
 */
const tag = 'kss';
const readers = consoleRead('kss', 'audit');
const writers = consoleWrite('kss');

export const keyStatus = call({
  method: 'POST',
  path: '/kss/status',
  access: readers,
  tag,
  summary: "Where the tenant's keys stand: initialised, splits and holders, escrow coverage",
  label: { 'zh-CN': '查看密钥状态', 'en-US': 'View key status' },
  body: ZEmpty,
  data: ZKeyStatus,
});

export const initKeys = call({
  method: 'POST',
  path: '/kss/init',
  access: writers,
  tag,
  summary:
    "Initialise the tenant's keys once (KEK, escrow pair), and split the KEK among the holders named",
  label: { 'zh-CN': '初始化密钥', 'en-US': 'Initialise keys' },
  body: ZKeyInit,
  data: ZKeyStatus,
  message: 'ok',
});

export const splitKeys = call({
  method: 'POST',
  path: '/kss/split',
  access: writers,
  tag,
  summary:
    'Split a new KEK M-of-N among named key managers; the current split is retired once every holder has confirmed',
  label: { 'zh-CN': '重新分割密钥', 'en-US': 'Split keys' },
  body: ZKeySplit,
  data: ZSplit,
  message: 'created',
});

export const cancelSplit = call({
  method: 'POST',
  path: '/kss/split/cancel',
  access: writers,
  tag,
  summary: 'Drop a split still waiting for its holders (its shares never work)',
  label: { 'zh-CN': '取消分割', 'en-US': 'Cancel split' },
  body: ZEmpty,
  data: ZKeyStatus,
  message: 'ok',
});

export const downloadShare = call({
  method: 'POST',
  path: '/kss/share/download',
  access: writers,
  tag,
  summary:
    "The caller's own share, once, as an age file encrypted to the passphrase or recipient given",
  label: { 'zh-CN': '下载我的分片', 'en-US': 'Download my share' },
  body: ZShareDownload,
  file: true,
});

export const confirmShare = call({
  method: 'POST',
  path: '/kss/share/confirm',
  access: writers,
  tag,
  summary:
    "The caller's share, decrypted: proves the file works; the split is active once all have",
  label: { 'zh-CN': '确认我的分片', 'en-US': 'Confirm my share' },
  body: ZShareConfirm,
  data: ZKeyStatus,
  message: 'ok',
});

export const escrowList = call({
  method: 'POST',
  path: '/kss/escrow/list',
  access: readers,
  tag,
  summary:
    "Devices of the caller's groups and their data keys' escrow; `missing` those with a key not escrowed (keyset pages)",
  label: { 'zh-CN': '查看密钥托管', 'en-US': 'View key escrow' },
  body: ZEscrowListRequest,
  data: ZEscrowPage,
});

export const deviceEscrow = call({
  method: 'POST',
  path: '/kss/escrow/device',
  access: consoleRead('operate', 'system', 'audit', 'kss'),
  tag,
  summary: "One device's data keys and their escrow (ids and times, never a key)",
  label: { 'zh-CN': '查看设备密钥托管', 'en-US': "View a device's key escrow" },
  body: ZDeviceRef,
  data: ZDeviceEscrow,
});

export const askRecovery = call({
  method: 'POST',
  path: '/kss/recovery/ask',
  access: writers,
  tag,
  summary:
    "Ask for the recovery of a device's data key: M key managers must each present their share",
  label: { 'zh-CN': '申请密钥恢复', 'en-US': 'Ask for key recovery' },
  body: ZRecoveryAsk,
  data: ZCreated,
  message: 'created',
});

export const recoveryList = call({
  method: 'POST',
  path: '/kss/recovery/list',
  access: readers,
  tag,
  summary: 'Recoveries, newest first (keyset pages)',
  label: { 'zh-CN': '查看密钥恢复', 'en-US': 'View key recoveries' },
  body: ZRecoveryListRequest,
  data: ZRecoveryPage,
});

export const presentShare = call({
  method: 'POST',
  path: '/kss/recovery/present',
  access: writers,
  tag,
  summary: "Present the caller's own share to an open recovery; the M-th makes the recovery file",
  label: { 'zh-CN': '提交分片', 'en-US': 'Present share' },
  body: ZRecoveryPresent,
  data: ZRecovery,
  message: 'ok',
});

export const cancelRecovery = call({
  method: 'POST',
  path: '/kss/recovery/cancel',
  access: writers,
  tag,
  summary: 'Cancel an open recovery (the shares presented are dropped)',
  label: { 'zh-CN': '取消密钥恢复', 'en-US': 'Cancel recovery' },
  body: ZRecoveryId,
  data: ZRecovery,
  message: 'ok',
});

export const downloadRecovery = call({
  method: 'POST',
  path: '/kss/recovery/file',
  access: writers,
  tag,
  summary: 'The recovery file, once, to its requester (an age file: `age -d` reads it)',
  label: { 'zh-CN': '下载恢复文件', 'en-US': 'Download recovery file' },
  body: ZRecoveryId,
  file: true,
});

export const rotateEscrowKey = call({
  method: 'POST',
  path: '/kss/rotate/escrow',
  access: writers,
  tag,
  summary:
    'A new escrow key pair: every engine re-wraps its data keys to it at its next check-in (progress in the status)',
  label: { 'zh-CN': '轮换托管密钥', 'en-US': 'Rotate escrow key' },
  body: ZEmpty,
  data: ZKeyStatus,
  message: 'ok',
});

export const finishEscrowRotation = call({
  method: 'POST',
  path: '/kss/rotate/escrow/finish',
  access: writers,
  tag,
  summary:
    'Retire the old escrow key now: engines that have not re-escrowed are not escrowed until they do',
  label: { 'zh-CN': '结束托管密钥轮换', 'en-US': 'Finish escrow key rotation' },
  body: ZFinishRotation,
  data: ZKeyStatus,
  message: 'ok',
});

export const rotateWindowKey = call({
  method: 'POST',
  path: '/kss/rotate/window',
  access: writers,
  tag,
  summary:
    "A new key to sign the tenant's windows, announced to each engine signed by the key it holds; windows already signed keep their end",
  label: { 'zh-CN': '轮换窗口签名密钥', 'en-US': 'Rotate window-signing key' },
  body: ZEmpty,
  data: ZKeyStatus,
  message: 'ok',
});

export const rotateDeviceKeys = call({
  method: 'POST',
  path: '/kss/rotate/device',
  access: writers,
  tag,
  summary:
    "Rotate devices' data keys: a task that makes a new key, escrows it, re-encrypts the protected folders and then drops the old key",
  label: { 'zh-CN': '轮换设备数据密钥', 'en-US': 'Rotate device data keys' },
  body: ZRotateDevices,
  data: ZCreated,
  message: 'created',
});

export const declareIncident = call({
  method: 'POST',
  path: '/kss/incident/declare',
  access: writers,
  tag,
  summary:
    'Declare a key incident: its action starts at once (a new split, a rotation, a device rotated and its windows ended) and the key managers are warned',
  label: { 'zh-CN': '登记密钥事件', 'en-US': 'Declare key incident' },
  body: ZIncidentDeclare,
  data: ZIncident,
  message: 'created',
});

export const incidentList = call({
  method: 'POST',
  path: '/kss/incident/list',
  access: readers,
  tag,
  summary: 'Key incidents, newest first, each with its timeline and the devices still affected',
  label: { 'zh-CN': '查看密钥事件', 'en-US': 'View key incidents' },
  body: ZIncidentListRequest,
  data: ZIncidentPage,
});

export const noteIncident = call({
  method: 'POST',
  path: '/kss/incident/note',
  access: writers,
  tag,
  summary: "Add a note to an incident's timeline",
  label: { 'zh-CN': '记录事件处置', 'en-US': 'Add incident note' },
  body: ZIncidentNoteRequest,
  data: ZIncident,
  message: 'ok',
});

export const closeIncident = call({
  method: 'POST',
  path: '/kss/incident/close',
  access: writers,
  tag,
  summary: 'Close a contained incident, with a closing note',
  label: { 'zh-CN': '关闭密钥事件', 'en-US': 'Close key incident' },
  body: ZIncidentNoteRequest,
  data: ZIncident,
  message: 'ok',
});
