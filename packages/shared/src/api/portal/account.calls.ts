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
  label: { 'zh-CN': '获取图形验证码（门户）', 'en-US': 'Get captcha (portal)' },
  file: true,
});

export const emailExists = call({
  method: 'POST',
  path: '/com/n/ce',
  access: publicAccess,
  tag,
  summary: 'Is the e-mail registered?',
  label: { 'zh-CN': '检查邮箱是否已注册', 'en-US': 'Check whether an e-mail is registered' },
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
  label: { 'zh-CN': '发送邮箱验证码', 'en-US': 'Send e-mail code' },
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
  label: { 'zh-CN': '发送重置密码验证码', 'en-US': 'Send password reset code' },
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
  label: { 'zh-CN': '注册企业', 'en-US': 'Register company' },
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
  label: { 'zh-CN': '企业登录', 'en-US': 'Company sign-in' },
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
  label: { 'zh-CN': '企业退出登录', 'en-US': 'Company sign-out' },
  body: ZEmpty,
  message: 'loggedOut',
});

export const resetCompanyPassword = call({
  method: 'POST',
  path: '/com/n/reset/pwd',
  access: publicAccess,
  tag,
  summary: 'Set a new password with the e-mailed code; ends all sessions of the company',
  label: { 'zh-CN': '重置企业密码', 'en-US': 'Reset company password' },
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
  label: { 'zh-CN': '查看企业信息', 'en-US': 'View company info' },
  body: ZEmpty,
  data: ZCompanyInfo,
});

export const changeCompanyPassword = call({
  method: 'POST',
  path: '/com/my/pwd',
  access: companyAccess,
  tag,
  summary: "Change the password; the company's other sessions end",
  label: { 'zh-CN': '修改企业密码', 'en-US': 'Change company password' },
  body: ZChangePassword,
  message: 'modified',
});
