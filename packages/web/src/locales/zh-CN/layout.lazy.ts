/** The signed-in shell: menu, header, user dropdown; lazy: registered by basic-layout.tsx. */
const layout = {
  mainNav: '主菜单',
  collapseMenu: '收起菜单',
  expandMenu: '展开菜单',
  userMenu: '用户菜单：{{account}}',
  account: '账号：{{account}}',
  changePassword: '修改密码',
  logout: '退出登录',
  logoutDone: '已退出登录',
};

export default layout;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    layout: typeof layout;
  }
}
