import { ZEmpty } from '../../contracts/common.ts';
import {
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
  file: true,
});

export const consoleLogin = call({
  method: 'POST',
  path: '/login/n/login',
  access: publicAccess,
  tag,
  summary: 'Sign in to the console of the tenant served on this host',
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
  summary: 'Change an expired (or administrator-set) password, then sign in again',
  body: ZResetExpiredPwd,
  message: 'modified',
  rateLimit: 'strict',
});

export const sendLoginCode = call({
  method: 'POST',
  path: '/login/n/send/code',
  access: publicAccess,
  tag,
  summary: 'Send a login code by SMS or e-mail, where the tenant enables it',
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
  body: ZGetToken,
  data: ZLoginToken,
});

export const loginSettings = call({
  method: 'POST',
  path: '/login/s/get-set',
  access: consoleRead('system'),
  tag,
  summary: 'Login settings',
  body: ZEmpty,
  data: ZLoginSettings,
});

export const saveLoginSettings = call({
  method: 'POST',
  path: '/login/s/set',
  access: consoleWrite('system'),
  tag,
  summary: 'Change the login settings: captcha, password policy, expiry, lockout, codes',
  body: ZLoginSettings,
  message: 'modified',
});

export const consoleLogout = call({
  method: 'POST',
  path: '/login/login/out',
  access: selfAccess,
  tag,
  summary: 'Sign out',
  body: ZEmpty,
  message: 'loggedOut',
});
