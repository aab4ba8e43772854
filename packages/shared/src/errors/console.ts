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
};
