import { ZList } from '../../contracts/common.ts';
import {
  ZCreated,
  ZIdRequest,
  ZRoleAdd,
  ZRoleEdit,
  ZRoleItem,
  ZRoleListRequest,
} from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** Roles under /user/role (not named by docs/product.md §7; docs/console.md). */
const tag = 'role';

export const roleList = call({
  method: 'POST',
  path: '/user/role/list',
  access: consoleRead('system'),
  tag,
  summary: 'Roles',
  label: { 'zh-CN': '查看角色', 'en-US': 'View roles' },
  body: ZRoleListRequest,
  data: ZList(ZRoleItem),
});

export const addRole = call({
  method: 'POST',
  path: '/user/role/add',
  access: consoleWrite('system'),
  tag,
  summary: 'Add a role',
  label: { 'zh-CN': '新增角色', 'en-US': 'Add role' },
  body: ZRoleAdd,
  data: ZCreated,
  message: 'created',
});

export const editRole = call({
  method: 'POST',
  path: '/user/role/edit',
  access: consoleWrite('system'),
  tag,
  summary: 'Edit a role',
  label: { 'zh-CN': '编辑角色', 'en-US': 'Edit role' },
  body: ZRoleEdit,
  message: 'modified',
});

export const deleteRole = call({
  method: 'POST',
  path: '/user/role/del',
  access: consoleWrite('system'),
  tag,
  summary: 'Delete a role nobody holds',
  label: { 'zh-CN': '删除角色', 'en-US': 'Delete role' },
  body: ZIdRequest,
  message: 'deleted',
});
