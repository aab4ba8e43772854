import type zh from '../zh-CN/layout.lazy.ts';
import type { DeepString } from '../types.ts';

const layout: DeepString<typeof zh> = {
  mainNav: 'Main menu',
  collapseMenu: 'Collapse menu',
  expandMenu: 'Expand menu',
  userMenu: 'User menu: {{account}}',
  account: 'Account: {{account}}',
  changePassword: 'Change password',
  logout: 'Log out',
  logoutDone: 'You have logged out',
};

export default layout;
