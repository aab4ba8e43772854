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
  notFound: 'Page not found',
};

export default menu;
