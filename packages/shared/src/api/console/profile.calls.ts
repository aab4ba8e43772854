import { ZEmpty } from '../../contracts/common.ts';
import { ZUserInfo } from '../../contracts/login.ts';
import { ZMyInfo, ZMyPhone, ZMyPwd } from '../../contracts/user.ts';
import { call, selfAccess } from '../define.ts';

/** What every signed-in console user may see and change about themselves. */
const tag = 'user';
const access = selfAccess;

export const myInfo = call({
  method: 'POST',
  path: '/user/my/info',
  access,
  tag,
  summary: 'Who I am: user info, flags and menus',
  label: { 'zh-CN': '查看个人信息', 'en-US': 'View my info' },
  body: ZEmpty,
  data: ZUserInfo,
});

export const updateMyName = call({
  method: 'POST',
  path: '/user/update/my-info',
  access,
  tag,
  summary: 'Change my name',
  label: { 'zh-CN': '修改用户名', 'en-US': 'Change my name' },
  body: ZMyInfo,
  message: 'modified',
});

export const updateMyPassword = call({
  method: 'POST',
  path: '/user/update/my-pwd',
  access,
  tag,
  summary: 'Change my password (ends my other sessions)',
  label: { 'zh-CN': '修改密码', 'en-US': 'Change my password' },
  body: ZMyPwd,
  message: 'modified',
});

export const updateMyPhone = call({
  method: 'POST',
  path: '/user/update/my-phone',
  access,
  tag,
  summary: 'Change my phone (password required)',
  label: { 'zh-CN': '修改手机号', 'en-US': 'Change my phone' },
  body: ZMyPhone,
  message: 'modified',
});
