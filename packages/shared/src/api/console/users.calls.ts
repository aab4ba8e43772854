import { ZList } from '../../contracts/common.ts';
import {
  ZCreated,
  ZIdRequest,
  ZUserAdd,
  ZUserEdit,
  ZUserItem,
  ZUserListRequest,
  ZUserMove,
  ZUserResetPwd,
} from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** The console's users (docs/product.md §7 user module). */
const tag = 'user';

export const userList = call({
  method: 'POST',
  path: '/user/ug/list',
  access: consoleRead('system'),
  tag,
  summary: 'Users by group, with search',
  label: { 'zh-CN': '查看用户', 'en-US': 'View users' },
  body: ZUserListRequest,
  data: ZList(ZUserItem),
});

export const addUser = call({
  method: 'POST',
  path: '/user/add',
  access: consoleWrite('system'),
  tag,
  summary: 'Add a user',
  label: { 'zh-CN': '新增用户', 'en-US': 'Add user' },
  body: ZUserAdd,
  data: ZCreated,
  message: 'created',
});

export const editUser = call({
  method: 'POST',
  path: '/user/edit',
  access: consoleWrite('system'),
  tag,
  summary: 'Edit, disable or re-enable a user',
  label: { 'zh-CN': '编辑用户', 'en-US': 'Edit user' },
  body: ZUserEdit,
  message: 'modified',
});

export const deleteUser = call({
  method: 'POST',
  path: '/user/del',
  access: consoleWrite('system'),
  tag,
  summary: 'Delete a user (recoverable)',
  label: { 'zh-CN': '删除用户', 'en-US': 'Delete user' },
  body: ZIdRequest,
  message: 'deleted',
});

export const recoverUser = call({
  method: 'POST',
  path: '/user/recover',
  access: consoleWrite('system'),
  tag,
  summary: 'Recover a deleted user',
  label: { 'zh-CN': '恢复用户', 'en-US': 'Recover user' },
  body: ZIdRequest,
  message: 'modified',
});

export const purgeUser = call({
  method: 'POST',
  path: '/user/real/del',
  access: consoleWrite('system'),
  tag,
  summary: 'Delete a deleted user permanently',
  label: { 'zh-CN': '彻底删除用户', 'en-US': 'Delete user permanently' },
  body: ZIdRequest,
  message: 'deleted',
});

export const moveUsers = call({
  method: 'POST',
  path: '/user/mv',
  access: consoleWrite('system'),
  tag,
  summary: 'Migrate users to another group',
  label: { 'zh-CN': '迁移用户分组', 'en-US': 'Move users to group' },
  body: ZUserMove,
  message: 'modified',
});

export const resetUserPassword = call({
  method: 'POST',
  path: '/user/edit/pwd',
  access: consoleWrite('system'),
  tag,
  summary: "Reset another user's password",
  label: { 'zh-CN': '重置用户密码', 'en-US': "Reset user's password" },
  body: ZUserResetPwd,
  message: 'modified',
});
