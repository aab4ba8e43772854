import type { Catalogue } from './types.ts';

/** Management console codes: -10060…-10099. */
export const ConsoleErr = {
  PasswordExpired: -10060,
  GroupNameExists: -10061,
  GroupHasChildren: -10062,
  GroupInUse: -10063,
  UserIsOnlyOfRole: -10064,
  TenantNotFound: -10065,
  UserDisabled: -10066,
  TenantDisabled: -10067,
  AccountExists: -10068,
  RoleNameExists: -10069,
  RoleInUse: -10070,
  Protected: -10071,
  GroupHasUsers: -10072,
  EscrowTarget: -10073,
  DomainExists: -10074,
  SetupClosed: -10075,
  UserNotDeleted: -10076,
  PhoneAlreadyBound: -10077,
  PhoneNotBound: -10078,
  NotOnSelf: -10079,
  CodeRequired: -10080,
  EmailNotBound: -10081,
  AdminEmailRequired: -10082,
  AutoLoginNeedsCode: -10083,
  DeviceDeprecated: -10084,
  DeviceNotDeprecated: -10085,
  NothingMatches: -10086,
  DeviceHidden: -10087,
  FingerprintExists: -10088,
  InstallerExists: -10089,
  SecretLimit: -10090,
  SecretRevoked: -10091,
  ReportQueueFull: -10092,
} as const;

export const consoleCatalogue: Catalogue = {
  [ConsoleErr.PasswordExpired]: {
    status: 403,
    'zh-CN': '密码已过期，请修改密码',
    'en-US': 'Your password has expired, please change it',
  },
  [ConsoleErr.GroupNameExists]: {
    status: 409,
    'zh-CN': '分组名称已存在',
    'en-US': 'The group name already exists',
  },
  [ConsoleErr.GroupHasChildren]: {
    status: 409,
    'zh-CN': '该分组有子分组，不能删除',
    'en-US': 'A group with subgroups cannot be deleted',
  },
  [ConsoleErr.GroupInUse]: {
    status: 409,
    'zh-CN': '该分组下有设备或角色，不能删除',
    'en-US': 'A group with devices or roles cannot be deleted',
  },
  [ConsoleErr.UserIsOnlyOfRole]: {
    status: 409,
    'zh-CN': '该用户是所绑定角色的唯一用户，不能删除',
    'en-US': 'This user is the only user of a bound role and cannot be deleted',
  },
  [ConsoleErr.TenantNotFound]: {
    status: 404,
    'zh-CN': '租户不存在',
    'en-US': 'The tenant does not exist',
  },
  [ConsoleErr.UserDisabled]: {
    status: 403,
    'zh-CN': '该账号已被禁用',
    'en-US': 'This account is disabled',
  },
  [ConsoleErr.TenantDisabled]: {
    status: 403,
    'zh-CN': '该租户已停用，请联系厂商',
    'en-US': 'This tenant is deactivated, please contact the vendor',
  },
  [ConsoleErr.AccountExists]: {
    status: 409,
    'zh-CN': '账号已存在',
    'en-US': 'The account already exists',
  },
  [ConsoleErr.RoleNameExists]: {
    status: 409,
    'zh-CN': '角色名称已存在',
    'en-US': 'The role name already exists',
  },
  [ConsoleErr.RoleInUse]: {
    status: 409,
    'zh-CN': '该角色下还有用户，不能删除',
    'en-US': 'A role that users still hold cannot be deleted',
  },
  [ConsoleErr.Protected]: {
    status: 409,
    'zh-CN': '初始管理员及内置角色不能执行此操作',
    'en-US': 'The initial administrator and built-in roles cannot be changed this way',
  },
  [ConsoleErr.GroupHasUsers]: {
    status: 409,
    'zh-CN': '该分组下有用户，不能删除',
    'en-US': 'A group with users cannot be deleted',
  },
  [ConsoleErr.EscrowTarget]: {
    status: 400,
    'zh-CN': '托管目标必须是上级分组或同级分组',
    'en-US': 'Devices can be escrowed only to an upper-tier or a sibling group',
  },
  [ConsoleErr.DomainExists]: {
    status: 409,
    'zh-CN': '该域名已有租户',
    'en-US': 'A tenant already uses this domain',
  },
  [ConsoleErr.SetupClosed]: {
    status: 403,
    'zh-CN': '系统已初始化，新增租户请联系厂商管理员',
    'en-US': 'Setup is done; ask the vendor administrator to add a tenant',
  },
  [ConsoleErr.UserNotDeleted]: {
    status: 409,
    'zh-CN': '只能彻底删除已删除的用户',
    'en-US': 'Only a deleted user can be deleted permanently',
  },
  [ConsoleErr.PhoneAlreadyBound]: {
    status: 409,
    'zh-CN': '该账号已绑定手机号，请登录后修改',
    'en-US': 'A phone number is already bound; sign in to change it',
  },
  [ConsoleErr.PhoneNotBound]: {
    status: 403,
    'zh-CN': '请先绑定手机号',
    'en-US': 'Please bind your phone number first',
  },
  [ConsoleErr.NotOnSelf]: {
    status: 409,
    'zh-CN': '不能对自己执行此操作',
    'en-US': 'You cannot do this to your own account',
  },
  [ConsoleErr.CodeRequired]: {
    status: 400,
    'zh-CN': '请输入登录验证码',
    'en-US': 'Please enter the login code',
  },
  [ConsoleErr.EmailNotBound]: {
    status: 403,
    'zh-CN': '账号未绑定邮箱，请联系系统管理员',
    'en-US': 'No e-mail address is set for this account; ask the system administrator',
  },
  [ConsoleErr.AdminEmailRequired]: {
    status: 409,
    'zh-CN': '邮件登录验证码要求每位系统管理员都设置邮箱，缺少邮箱的账号：{accounts}',
    'en-US':
      'Login codes by e-mail need an e-mail address for every system administrator; missing: {accounts}',
  },
  [ConsoleErr.AutoLoginNeedsCode]: {
    status: 403,
    'zh-CN': '已开启登录验证码，自动登录链接不可用，请使用密码和验证码登录',
    'en-US':
      'Login codes are required, so auto-login links do not work; sign in with your password and code',
  },
  [ConsoleErr.DeviceDeprecated]: {
    status: 409,
    'zh-CN': '设备已废弃，不能再修改',
    'en-US': 'The device is deprecated and can no longer be changed',
  },
  [ConsoleErr.DeviceNotDeprecated]: {
    status: 409,
    'zh-CN': '只能彻底删除已废弃的设备',
    'en-US': 'Only deprecated devices can be deleted permanently',
  },
  [ConsoleErr.NothingMatches]: {
    status: 400,
    'zh-CN': '没有符合条件的设备，未执行任何操作',
    'en-US': 'No devices match, so nothing was done',
  },
  [ConsoleErr.DeviceHidden]: {
    status: 403,
    'zh-CN': '您没有查看该设备的权限',
    'en-US': 'You have no permission to view this device',
  },
  [ConsoleErr.FingerprintExists]: {
    status: 409,
    'zh-CN': '已有设备使用该硬件指纹',
    'en-US': 'Another device has this hardware fingerprint',
  },
  [ConsoleErr.InstallerExists]: {
    status: 409,
    'zh-CN': '该产品类型、系统版本下已有此版本号的安装包',
    'en-US': 'An installer of this version already exists for this product and system version',
  },
  [ConsoleErr.SecretLimit]: {
    status: 409,
    'zh-CN': '该分组已有 {max} 个可用的注册密钥，请先吊销不再使用的密钥',
    'en-US': 'This group already has {max} live enrolment secrets; revoke one no longer used first',
  },
  [ConsoleErr.SecretRevoked]: {
    status: 409,
    'zh-CN': '该注册密钥已吊销',
    'en-US': 'This enrolment secret is already revoked',
  },
  [ConsoleErr.ReportQueueFull]: {
    status: 409,
    'zh-CN': '已有 {max} 份报告在排队生成，请等其完成后再申请',
    'en-US': '{max} reports are already waiting to be made; ask again once they are done',
  },
};
