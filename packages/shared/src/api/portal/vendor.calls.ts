import { ZEmpty } from '../../contracts/common.ts';
import {
  ZCompanyList,
  ZCompanyListRequest,
  ZIdResult,
  ZMakeCodes,
  ZMakeCodesResult,
  ZPackageEdit,
  ZPackageList,
  ZPackageListRequest,
  ZPackageRef,
  ZVendorCheckResult,
  ZVendorInit,
  ZVendorLogin,
  ZVendorLoginResult,
} from '../../contracts/vendor.ts';
import { ZSystemSettings } from '../../contracts/vendor-tenants.ts';
import { call, publicAccess, vendorAccess } from '../define.ts';

/** The vendor's super administrator: sign-in, recharge packages and codes, companies, settings. */
const tag = 'sa';

export const vendorCaptcha = call({
  method: 'GET',
  path: '/sa/n/get-captcha-img',
  access: publicAccess,
  tag,
  summary: 'Captcha image (SVG); the answer stays on the server',
  file: true,
});

export const vendorCheck = call({
  method: 'POST',
  path: '/sa/n/check',
  access: publicAccess,
  tag,
  summary: 'Has the super administrator been set up?',
  body: ZEmpty,
  data: ZVendorCheckResult,
});

export const vendorInit = call({
  method: 'POST',
  path: '/sa/n/init',
  access: publicAccess,
  tag,
  summary: 'Create the super administrator; refused once one exists',
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
  body: ZEmpty,
  message: 'loggedOut',
});

export const packageList = call({
  method: 'POST',
  path: '/sa/pks',
  access: vendorAccess,
  tag,
  summary: 'Recharge packages, with codes issued and used',
  body: ZPackageListRequest,
  data: ZPackageList,
});

export const savePackage = call({
  method: 'POST',
  path: '/sa/pk/edit',
  access: vendorAccess,
  tag,
  summary: 'Create (no id) or change a package',
  body: ZPackageEdit,
  data: ZIdResult,
});

export const deletePackage = call({
  method: 'POST',
  path: '/sa/pk/del',
  access: vendorAccess,
  tag,
  summary: 'Delete a package; codes already made stay redeemable',
  body: ZPackageRef,
  message: 'deleted',
});

export const makeRechargeCodes = call({
  method: 'POST',
  path: '/sa/pk/codes',
  access: vendorAccess,
  tag,
  summary: 'Make 1-1000 single-use recharge codes of a package (shown once)',
  body: ZMakeCodes,
  data: ZMakeCodesResult,
});

export const companyList = call({
  method: 'POST',
  path: '/sa/coms',
  access: vendorAccess,
  tag,
  summary: 'Registered companies, newest first; keyword searches e-mail, company, contact',
  body: ZCompanyListRequest,
  data: ZCompanyList,
});

export const systemSettings = call({
  method: 'POST',
  path: '/sa/sys/get',
  access: vendorAccess,
  tag,
  summary: 'System settings',
  body: ZEmpty,
  data: ZSystemSettings,
});

export const saveSystemSettings = call({
  method: 'POST',
  path: '/sa/sys/set',
  access: vendorAccess,
  tag,
  summary: 'Change the system settings',
  body: ZSystemSettings,
  message: 'modified',
});
