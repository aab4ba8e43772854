import { ZEmpty } from '../../contracts/common.ts';
import {
  ZCreated,
  ZGroupAdd,
  ZGroupEdit,
  ZGroupEscrow,
  ZGroupList,
  ZIdRequest,
} from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite } from '../define.ts';

/** Groups under /user/group. */
const tag = 'group';

export const groupList = call({
  method: 'POST',
  path: '/user/group/list',
  // The security operator needs the group tree to manage devices by group.
  access: consoleRead('system', 'operate'),
  tag,
  summary: 'The group tree (flat, parents first)',
  label: { 'zh-CN': '查看分组', 'en-US': 'View groups' },
  body: ZEmpty,
  data: ZGroupList,
});

export const addGroup = call({
  method: 'POST',
  path: '/user/group/add',
  access: consoleWrite('system'),
  tag,
  summary: 'Add a group',
  label: { 'zh-CN': '新增分组', 'en-US': 'Add group' },
  body: ZGroupAdd,
  data: ZCreated,
  message: 'created',
});

export const editGroup = call({
  method: 'POST',
  path: '/user/group/edit',
  access: consoleWrite('system'),
  tag,
  summary: 'Rename or edit a group',
  label: { 'zh-CN': '编辑分组', 'en-US': 'Edit group' },
  body: ZGroupEdit,
  message: 'modified',
});

export const deleteGroup = call({
  method: 'POST',
  path: '/user/group/del',
  access: consoleWrite('system'),
  tag,
  summary: 'Delete a group without subgroups, devices, roles or users',
  label: { 'zh-CN': '删除分组', 'en-US': 'Delete group' },
  body: ZIdRequest,
  message: 'deleted',
});

export const escrowGroup = call({
  method: 'POST',
  path: '/user/group/escrow',
  access: consoleWrite('system'),
  tag,
  summary: "Escrow a group's devices to an upper-tier or sibling group",
  label: { 'zh-CN': '设置分组托管', 'en-US': 'Set group escrow' },
  body: ZGroupEscrow,
  message: 'modified',
});

export const endEscrow = call({
  method: 'POST',
  path: '/user/group/escrow/del',
  access: consoleWrite('system'),
  tag,
  summary: "End a group's escrow",
  label: { 'zh-CN': '取消分组托管', 'en-US': 'End group escrow' },
  body: ZIdRequest,
  message: 'modified',
});
