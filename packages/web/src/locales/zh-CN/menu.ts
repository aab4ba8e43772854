/**
 * Route names (docs/product.md §2): each route's `name` in the route table is a key here, used for the
 * menu label and the page heading (ant-design-pro style).
 */
const menu = {
  home: '首页',
  register: '企业注册',
  login: '企业登录',
  retrieve: '找回密码',
  appRegister: '用户注册协议',
  appPrivacy: '隐私政策',
  recharge: '充值',
  balance: '我的余额',
  device: '我的引擎',
  deviceDetail: '引擎详情',
  myauth: '我的授权',
  adminLogin: '管理控制台登录',
  adminHome: '控制台首页',
  adminSetup: '初始化设置',
  adminAutoLogin: '自动登录',
  adminUsers: '用户管理',
  adminRoles: '角色管理',
  adminGroups: '分组管理',
  adminProxies: '代理管理',
  adminLoginSettings: '登录设置',
  adminLogSettings: '日志清理',
  adminSmsSettings: '短信配置',
  adminWarnSettings: '告警配置',
  adminReports: '报表下载',
  adminAudit: '审计日志',
  adminDevices: '设备中心',
  adminDeviceDetail: '设备详情',
  adminInstallers: '安装包管理',
  adminTasks: '任务列表',
  adminTaskDetail: '任务详情',
  adminElevationReview: '提权审核',
  adminLearningReview: '学习模式审核',
  adminLicences: '许可证管理',
  adminKeys: '密钥管理',
  adminMonitorLog: '监控日志',
  adminAccessLog: '访问控制日志',
  adminAlerts: '告警消息',
  adminScreen: '大屏展示',
  adminLogRules: '日志过滤规则',
  myRequests: '我的需求',
  saInit: '厂商初始化',
  vendorLogin: '厂商管理登录',
  saPackages: '充值套餐',
  saCustomers: '客户管理',
  saCustomer: '客户详情',
  saVersions: '版本管理',
  saTenants: '租户管理',
  saAudit: '审计日志',
  saRequests: '需求列表',
  saSettings: '系统设置',
  notFound: '页面不存在',
};

export default menu;

declare module 'i18next' {
  interface ResourceNamespaceMap {
    menu: typeof menu;
  }
}
