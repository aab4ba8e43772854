import {
  ZVersionEdit,
  ZVersionList,
  ZVersionListRequest,
  ZVersionMove,
  ZVersionRef,
  ZVersionUsers,
} from '../../contracts/product-versions.ts';
import { ZIdResult } from '../../contracts/vendor.ts';
import { call, vendorAccess } from '../define.ts';

/** The vendor's product versions (docs/portal.md "Product versions"). */
const tag = 'sa';
const access = vendorAccess;

export const versionList = call({
  method: 'POST',
  path: '/sa/vers',
  access,
  tag,
  summary:
    'Product versions, newest first, with the running engines and customers that report each and the installers of it',
  label: { 'zh-CN': '查看产品版本', 'en-US': 'View product versions' },
  body: ZVersionListRequest,
  data: ZVersionList,
});

export const saveVersion = call({
  method: 'POST',
  path: '/sa/ver/edit',
  access,
  tag,
  summary: "A new draft version, or a version's notes (a draft's kind, system and number too)",
  label: { 'zh-CN': '保存产品版本', 'en-US': 'Save product version' },
  body: ZVersionEdit,
  data: ZIdResult,
});

export const moveVersion = call({
  method: 'POST',
  path: '/sa/ver/state',
  access,
  tag,
  summary: 'Moves a version to testing, back to draft, released or withdrawn (VERSION_MOVES)',
  label: { 'zh-CN': '变更版本状态', 'en-US': 'Change version state' },
  body: ZVersionMove,
});

export const deleteVersion = call({
  method: 'POST',
  path: '/sa/ver/del',
  access,
  tag,
  summary: 'Deletes a draft version',
  label: { 'zh-CN': '删除产品版本', 'en-US': 'Delete product version' },
  body: ZVersionRef,
  message: 'deleted',
});

export const versionUsers = call({
  method: 'POST',
  path: '/sa/ver/users',
  access,
  tag,
  summary: 'The customers whose running engines report a version, most engines first (100 at most)',
  label: { 'zh-CN': '查看版本的使用客户', 'en-US': 'View customers on a version' },
  body: ZVersionRef,
  data: ZVersionUsers,
});
