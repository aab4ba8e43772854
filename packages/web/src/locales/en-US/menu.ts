import type zh from '../zh-CN/menu.ts';
import type { DeepString } from '../types.ts';

const menu: DeepString<typeof zh> = {
  home: 'Home',
  register: 'Company registration',
  login: 'Company login',
  retrieve: 'Retrieve password',
  appRegister: 'Registration agreement',
  appPrivacy: 'Privacy policy',
  recharge: 'Recharge',
  balance: 'My balance',
  device: 'My engine',
  deviceDetail: 'Engine details',
  myauth: 'My license',
  adminLogin: 'Console login',
  adminHome: 'Console home',
  adminSetup: 'Initial setup',
  adminAutoLogin: 'Auto login',
  adminUsers: 'Users',
  adminRoles: 'Roles',
  adminGroups: 'Groups',
  adminProxies: 'Proxies',
  adminLoginSettings: 'Login settings',
  adminAudit: 'Audit log',
  adminDevices: 'Device center',
  adminDeviceDetail: 'Device details',
  adminTasks: 'Tasks',
  adminKeys: 'Key management',
  saInit: 'Vendor set-up',
  vendorLogin: 'Vendor login',
  saPackages: 'Packages',
  saCompanies: 'Companies',
  saTenants: 'Tenants',
  saSettings: 'System settings',
  notFound: 'Page not found',
};

export default menu;
