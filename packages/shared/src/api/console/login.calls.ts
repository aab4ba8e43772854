import { ZEmpty } from '../../contracts/common.ts';
import {
  ZExpiredPasswordChanged,
  ZGetToken,
  ZLoginRequest,
  ZLoginResult,
  ZLoginSettings,
  ZLoginToken,
  ZResetExpiredPwd,
  ZSendCode,
  ZTokenLogin,
} from '../../contracts/login.ts';
import { ZBindMyPhone } from '../../contracts/user.ts';
import { call, consoleRead, consoleWrite, publicAccess, selfAccess } from '../define.ts';

/** Console sign-in, auto-login link, login settings and logout (docs/product.md §7 login module). */
const tag = 'login';

export const consoleCaptcha = call({
  method: 'GET',
  path: '/login/n/get-captcha-img',
  access: publicAccess,
  tag,
  summary: 'Captcha image (SVG); the answer stays on the server',
  label: { 'zh-CN': '获取图形验证码', 'en-US': 'Get captcha' },
  file: true,
});

export const consoleLogin = call({
  method: 'POST',
  path: '/login/n/login',
  access: publicAccess,
  tag,
  summary: 'Sign in to the console of the tenant served on this host',
  label: { 'zh-CN': '登录', 'en-US': 'Sign in' },
  body: ZLoginRequest,
  data: ZLoginResult,
  message: 'loggedIn',
  // Not 'strict' (20 a minute per address), like the portal's and the vendor's sign-in: a whole
  // office signs in at nine from one address. Guessing is bounded by the login guard instead
  // (failures per account, and about 100 an hour per address).
});

export const resetExpiredPassword = call({
  method: 'POST',
  path: '/login/n/reset/expire/pwd',
  access: publicAccess,
  tag,
  summary:
    'Change an expired (or administrator-set) password; this signs in, unless codes are required',
  label: { 'zh-CN': '修改过期密码', 'en-US': 'Change expired password' },
  body: ZResetExpiredPwd,
  data: ZExpiredPasswordChanged,
  message: 'modified',
  rateLimit: 'strict',
});

export const sendLoginCode = call({
  method: 'POST',
  path: '/login/n/send/code',
  access: publicAccess,
  tag,
  summary: 'Send a login code by SMS or e-mail, where the tenant enables it',
  label: { 'zh-CN': '发送登录验证码', 'en-US': 'Send login code' },
  body: ZSendCode,
  message: 'sent',
  rateLimit: 'strict',
});

export const tokenLogin = call({
  method: 'POST',
  path: '/login/n/token/login',
  access: publicAccess,
  tag,
  summary: 'Sign in with an auto-login link token',
  label: { 'zh-CN': '自动登录链接登录', 'en-US': 'Sign in with auto-login link' },
  body: ZTokenLogin,
  data: ZLoginResult,
  message: 'loggedIn',
  rateLimit: 'strict',
});

export const bindPhoneBeforeLogin = call({
  method: 'POST',
  path: '/user/n/bind/my-phone',
  access: publicAccess,
  tag: 'user',
  summary: 'Before signing in: bind a phone to an account that has none (SMS login)',
  label: { 'zh-CN': '登录前绑定手机号', 'en-US': 'Bind phone before sign-in' },
  body: ZBindMyPhone,
  message: 'modified',
  rateLimit: 'strict',
});

export const autoLoginToken = call({
  method: 'POST',
  path: '/login/gt',
  access: selfAccess,
  tag,
  summary: 'My auto-login token: ng 0 gets it, ng 1 makes a new one',
  label: { 'zh-CN': '获取自动登录链接', 'en-US': 'Get auto-login link' },
  body: ZGetToken,
  data: ZLoginToken,
});

export const loginSettings = call({
  method: 'POST',
  path: '/login/s/get-set',
  access: consoleRead('system'),
  tag,
  summary: 'Login settings',
  label: { 'zh-CN': '查看登录设置', 'en-US': 'View login settings' },
  body: ZEmpty,
  data: ZLoginSettings,
});

export const saveLoginSettings = call({
  method: 'POST',
  path: '/login/s/set',
  access: consoleWrite('system'),
  tag,
  summary: 'Change the login settings: captcha, password policy, expiry, lockout, codes',
  label: { 'zh-CN': '修改登录设置', 'en-US': 'Change login settings' },
  body: ZLoginSettings,
  message: 'modified',
});

export const consoleLogout = call({
  method: 'POST',
  path: '/login/login/out',
  access: selfAccess,
  tag,
  summary: 'Sign out',
  label: { 'zh-CN': '退出登录', 'en-US': 'Sign out' },
  body: ZEmpty,
  message: 'loggedOut',
});
