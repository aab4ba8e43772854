import {
  MAX_INSTALLER_BASE64,
  ZInstallerCreated,
  ZInstallerDownloadParams,
  ZInstallerList,
  ZInstallerListRequest,
  ZInstallerUpload,
} from '../../contracts/installers.ts';
import { ZEmpty } from '../../contracts/common.ts';
import { ZReleasedVersions } from '../../contracts/product-versions.ts';
import { ZIdRequest } from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** Installers and versions (docs/engines.md "Installers"): the security operator's. */
const tag = 'installer';

export const installerList = call({
  method: 'POST',
  path: '/dv/m/installer/list',
  access: consoleRead('operate'),
  tag,
  summary: "The tenant's installers, newest first, by keyword and product type",
  label: { 'zh-CN': '查看安装包', 'en-US': 'View installers' },
  body: ZInstallerListRequest,
  data: ZInstallerList,
});

export const uploadInstaller = call({
  method: 'POST',
  path: '/dv/m/installer/add',
  access: consoleWrite('operate'),
  tag,
  summary:
    'Upload an installer (base64, at most 50 MiB): extension and format checked, SHA-256 recorded',
  label: { 'zh-CN': '上传安装包', 'en-US': 'Upload installer' },
  body: ZInstallerUpload,
  data: ZInstallerCreated,
  message: 'created',
  // base64 of an installer of up to 50 MiB plus the JSON around it.
  bodyLimit: MAX_INSTALLER_BASE64 + 8192,
});

export const deleteInstaller = call({
  method: 'POST',
  path: '/dv/m/installer/del',
  access: consoleWrite('operate'),
  tag,
  summary: 'Delete an installer and its file',
  label: { 'zh-CN': '删除安装包', 'en-US': 'Delete installer' },
  body: ZIdRequest,
  message: 'deleted',
});

export const downloadInstaller = call({
  method: 'GET',
  path: '/owner/dw/:owner/:type',
  access: consoleRead('operate'),
  tag,
  summary:
    "Download an installer: `type` is the installer's id (the audit log's CSV is `type` audit, its own call)",
  label: { 'zh-CN': '下载安装包', 'en-US': 'Download installer' },
  params: ZInstallerDownloadParams,
  file: true,
});

export const releasedVersions = call({
  method: 'POST',
  path: '/dv/m/installer/releases',
  access: consoleRead('operate'),
  tag,
  summary:
    "The vendor's released versions, newest first, with their notes in the caller's language",
  label: { 'zh-CN': '查看厂商发布的版本', 'en-US': "View the vendor's released versions" },
  body: ZEmpty,
  data: ZReleasedVersions,
});
