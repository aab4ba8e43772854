import { ZEmpty } from '../../contracts/common.ts';
import {
  ZChangePassword,
  ZCheckEmail,
  ZCheckEmailResult,
  ZCompanyInfo,
  ZLogin,
  ZLoginResult,
  ZRegister,
  ZResetCodeRequest,
  ZResetPassword,
  ZSendEmailCode,
} from '../../contracts/com.ts';
import { call, companyAccess, publicAccess } from '../define.ts';

/** Portal accounts: /com/n/* (public) and the signed-in /com/my/info, /com/my/pwd. */
const tag = 'com';

export const companyCaptcha = call({
  method: 'GET',
  path: '/com/n/get-captcha-img',
  access: publicAccess,
  tag,
  summary: 'Captcha image (SVG); the answer stays on the server',
  file: true,
});

export const emailExists = call({
  method: 'POST',
  path: '/com/n/ce',
  access: publicAccess,
  tag,
  summary: 'Is the e-mail registered?',
  body: ZCheckEmail,
  data: ZCheckEmailResult,
  rateLimit: 'strict',
});

export const sendEmailCode = call({
  method: 'POST',
  path: '/com/n/send/email',
  access: publicAccess,
  tag,
  summary: 'Mail a 6-digit code for registration or password reset (captcha first)',
  body: ZSendEmailCode,
  message: 'sent',
  rateLimit: 'strict',
});

export const sendResetCode = call({
  method: 'POST',
  path: '/com/n/reset/pwd/code',
  access: publicAccess,
  tag,
  summary: 'Mail a password reset code (same as send/email with type reset)',
  body: ZResetCodeRequest,
  message: 'sent',
  rateLimit: 'strict',
});

export const registerCompany = call({
  method: 'POST',
  path: '/com/n/reg',
  access: publicAccess,
  tag,
  summary: 'Register a company with the e-mailed code',
  body: ZRegister,
  message: 'created',
  rateLimit: 'strict',
});

export const companyLogin = call({
  method: 'POST',
  path: '/com/n/login',
  access: publicAccess,
  tag,
  summary: 'Sign in; 10 failures in 15 minutes lock the account for 15 minutes',
  body: ZLogin,
  data: ZLoginResult,
  message: 'loggedIn',
});

export const companyLogout = call({
  method: 'POST',
  path: '/com/n/loginout',
  access: publicAccess,
  tag,
  summary: 'Sign out: ends the X-Token session (fine without one)',
  body: ZEmpty,
  message: 'loggedOut',
});

export const resetCompanyPassword = call({
  method: 'POST',
  path: '/com/n/reset/pwd',
  access: publicAccess,
  tag,
  summary: 'Set a new password with the e-mailed code; ends all sessions of the company',
  body: ZResetPassword,
  message: 'modified',
  rateLimit: 'strict',
});

export const companyInfo = call({
  method: 'POST',
  path: '/com/my/info',
  access: companyAccess,
  tag,
  summary: 'The signed-in company',
  body: ZEmpty,
  data: ZCompanyInfo,
});

export const changeCompanyPassword = call({
  method: 'POST',
  path: '/com/my/pwd',
  access: companyAccess,
  tag,
  summary: "Change the password; the company's other sessions end",
  body: ZChangePassword,
  message: 'modified',
});
