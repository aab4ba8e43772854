import { ZEmpty } from '../../contracts/common.ts';
import {
  ZIdResult,
  ZMakeCodes,
  ZMakeCodesResult,
  ZPackageEdit,
  ZPackageList,
  ZPackageListRequest,
  ZPackageRef,
  ZVendorAuditListRequest,
  ZVendorAuditPage,
  ZVendorCheckResult,
  ZVendorInit,
  ZVendorLogin,
  ZVendorLoginResult,
} from '../../contracts/vendor.ts';
import { ZSystemSettings } from '../../contracts/vendor-tenants.ts';
import { call, publicAccess, vendorAccess } from '../define.ts';

/** The vendor's super administrator: sign-in, recharge packages and codes, settings. */
const tag = 'sa';

export const vendorCaptcha = call({
  method: 'GET',
  path: '/sa/n/get-captcha-img',
  access: publicAccess,
  tag,
  summary: 'Captcha image (SVG); the answer stays on the server',
  label: { 'zh-CN': '获取图形验证码（厂商）', 'en-US': 'Get captcha (vendor)' },
  file: true,
});

export const vendorCheck = call({
  method: 'POST',
  path: '/sa/n/check',
  access: publicAccess,
  tag,
  summary: 'Has the super administrator been set up?',
  label: { 'zh-CN': '检查超级管理员是否已设置', 'en-US': 'Check super administrator set-up' },
  body: ZEmpty,
  data: ZVendorCheckResult,
});

export const vendorInit = call({
  method: 'POST',
  path: '/sa/n/init',
  access: publicAccess,
  tag,
  summary: 'Create the super administrator; refused once one exists',
  label: { 'zh-CN': '设置超级管理员', 'en-US': 'Set up super administrator' },
  body: ZVendorInit,
  message: 'created',
  rateLimit: 'strict',
});

export const vendorLogin = call({
  method: 'POST',
  path: '/sa/n/login',
  access: publicAccess,
  tag,
  summary: 'Super administrator sign-in (captcha, lockout as for companies)',
  label: { 'zh-CN': '超级管理员登录', 'en-US': 'Super administrator sign-in' },
  body: ZVendorLogin,
  data: ZVendorLoginResult,
  message: 'loggedIn',
});

export const vendorLogout = call({
  method: 'POST',
  path: '/sa/n/loginout',
  access: publicAccess,
  tag,
  summary: 'Sign out: ends the X-Token session (fine without one)',
  label: { 'zh-CN': '超级管理员退出登录', 'en-US': 'Super administrator sign-out' },
  body: ZEmpty,
  message: 'loggedOut',
});

export const packageList = call({
  method: 'POST',
  path: '/sa/pks',
  access: vendorAccess,
  tag,
  summary: 'Recharge packages, with codes issued and used',
  label: { 'zh-CN': '查看充值套餐', 'en-US': 'View recharge packages' },
  body: ZPackageListRequest,
  data: ZPackageList,
});

export const savePackage = call({
  method: 'POST',
  path: '/sa/pk/edit',
  access: vendorAccess,
  tag,
  summary: 'Create (no id) or change a package',
  label: { 'zh-CN': '保存充值套餐', 'en-US': 'Save recharge package' },
  body: ZPackageEdit,
  data: ZIdResult,
});

export const deletePackage = call({
  method: 'POST',
  path: '/sa/pk/del',
  access: vendorAccess,
  tag,
  summary: 'Delete a package; codes already made stay redeemable',
  label: { 'zh-CN': '删除充值套餐', 'en-US': 'Delete recharge package' },
  body: ZPackageRef,
  message: 'deleted',
});

export const makeRechargeCodes = call({
  method: 'POST',
  path: '/sa/pk/codes',
  access: vendorAccess,
  tag,
  summary: 'Make 1-1000 single-use recharge codes of a package (shown once)',
  label: { 'zh-CN': '生成充值码', 'en-US': 'Make recharge codes' },
  body: ZMakeCodes,
  data: ZMakeCodesResult,
});

export const systemSettings = call({
  method: 'POST',
  path: '/sa/sys/get',
  access: vendorAccess,
  tag,
  summary: 'System settings',
  label: { 'zh-CN': '查看系统设置', 'en-US': 'View system settings' },
  body: ZEmpty,
  data: ZSystemSettings,
});

export const saveSystemSettings = call({
  method: 'POST',
  path: '/sa/sys/set',
  access: vendorAccess,
  tag,
  summary: 'Change the system settings',
  label: { 'zh-CN': '修改系统设置', 'en-US': 'Change system settings' },
  body: ZSystemSettings,
  message: 'modified',
});

export const vendorAuditList = call({
  method: 'POST',
  path: '/sa/audit',
  access: vendorAccess,
  tag,
  summary: "The vendor's audit log: every change of a super administrator, newest first",
  label: { 'zh-CN': '查看厂商审计日志', 'en-US': "View vendor's audit log" },
  body: ZVendorAuditListRequest,
  data: ZVendorAuditPage,
});
