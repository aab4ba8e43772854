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
  body: ZEmpty,
  data: ZUserInfo,
});

export const updateMyName = call({
  method: 'POST',
  path: '/user/update/my-info',
  access,
  tag,
  summary: 'Change my name',
  body: ZMyInfo,
  message: 'modified',
});

export const updateMyPassword = call({
  method: 'POST',
  path: '/user/update/my-pwd',
  access,
  tag,
  summary: 'Change my password (ends my other sessions)',
  body: ZMyPwd,
  message: 'modified',
});

export const updateMyPhone = call({
  method: 'POST',
  path: '/user/update/my-phone',
  access,
  tag,
  summary: 'Change my phone (password required)',
  body: ZMyPhone,
  message: 'modified',
});
