import { TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { MENU_MODES, ROLE_PERMISSIONS, USER_STATUSES } from '../permissions.ts';
import { NAME_PATTERN, PHONE_PATTERN } from '../rules.ts';
import { ZDate, ZEmail, ZListRequest, ZPasswordDigest, ZRoleKey, ZUuid } from './common.ts';
import { rule } from './field-rules.ts';
import { ZAccount } from './login.ts';

export const ZIdRequest = z.object({ id: ZUuid });

/** Names (user, role, group): required, no white space, under 20 characters (docs/product.md §5). */
export const ZName = z.string().max(20, rule('name')).regex(NAME_PATTERN, rule('name'));
export const ZPhone = z.string().trim().max(20, rule('phone')).regex(PHONE_PATTERN, rule('phone'));
const ZShortText = z.string().trim().max(TEXT_MAX.short);

// ——— users ———

export const ZUserListRequest = ZListRequest.extend({
  groupId: ZUuid.optional().describe('Only users of this group (not its subgroups)'),
  keyword: z.string().trim().max(50).optional().describe('Part of account, name, phone or e-mail'),
  status: z.enum(USER_STATUSES).optional().describe('Default: normal and disabled'),
  roleId: ZUuid.optional(),
});

export const ZUserItem = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  jobNo: z.string(),
  duty: z.string(),
  status: z.enum(USER_STATUSES),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  roleKey: ZRoleKey,
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  adminTag: z.boolean(),
  createdAt: z.string(),
});
export type TUserItem = z.infer<typeof ZUserItem>;

const userFields = {
  name: ZName,
  phone: ZPhone.nullable().optional(),
  email: ZEmail.nullable().optional(),
  jobNo: ZShortText.optional(),
  duty: ZShortText.optional().describe('Job title'),
  roleId: ZUuid,
  groupId: ZUuid.nullable().optional(),
};

/** `/user/add`: the user must change the password at the first login. */
export const ZUserAdd = z.object({ account: ZAccount, password: ZPasswordDigest, ...userFields });
/** `/user/edit`: fields left out stay; `status` disables or re-enables the user. */
export const ZUserEdit = z.object({
  id: ZUuid,
  ...userFields,
  name: ZName.optional(),
  roleId: ZUuid.optional(),
  status: z.enum(['normal', 'disabled']).optional(),
});
export const ZUserMove = z.object({
  ids: z.array(ZUuid).min(1).max(500),
  groupId: ZUuid.nullable().describe('Target group; null for no group'),
});
export const ZUserResetPwd = z.object({ id: ZUuid, password: ZPasswordDigest });

// ——— self-service ———

export const ZMyInfo = z.object({ name: ZName });
export const ZMyPwd = z.object({ oldPassword: ZPasswordDigest, newPassword: ZPasswordDigest });
export const ZMyPhone = z.object({ password: ZPasswordDigest, phone: ZPhone });
/** `/user/n/bind/my-phone`: before signing in, for an account with no phone yet (SMS login on). */
export const ZBindMyPhone = z.object({
  account: ZAccount,
  password: ZPasswordDigest,
  phone: ZPhone,
  captcha: z.string().trim().max(10).optional(),
});

// ——— roles ———

export const ZRoleListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(50).optional(),
});
export const ZRoleItem = z.object({
  id: z.string(),
  name: z.string(),
  menu: z.enum(MENU_MODES),
  permission: z.enum(ROLE_PERMISSIONS),
  userType: z.number().int(),
  builtIn: z.boolean().describe('Made at setup: keeps its duty, permission and name'),
  builtInKey: ZRoleKey,
  groupIds: z.array(z.string()),
  userCount: z.number().int(),
  createdAt: z.string(),
});
export const ZRoleAdd = z.object({
  name: ZName,
  menu: z.enum(MENU_MODES).describe('The duty: system, operate, kss (keys) or audit'),
  permission: z.enum(ROLE_PERMISSIONS).describe('read (read-only) or write (writable)'),
  groupIds: z.array(ZUuid).max(200).default([]).describe('Associated groups; none: all groups'),
});
/** Built-in roles keep their duty: only name, permission and groups of custom roles change. */
export const ZRoleEdit = ZRoleAdd.partial().extend({
  id: ZUuid,
  groupIds: z.array(ZUuid).max(200).optional().describe('Left out: unchanged'),
});

// ——— groups ———

export const ZGroupItem = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  level: z.number().int().describe('1 for a top-level group'),
  parentId: z.string().nullable(),
  leader: z.string().describe('Person in charge'),
  userCount: z.number().int(),
  escrow: z
    .object({ toGroupId: z.string(), mode: z.enum(['tiered', 'sibling']) })
    .nullable()
    .describe("Where this group's devices are escrowed"),
});
export type TGroupItem = z.infer<typeof ZGroupItem>;
/** `/user/group/list`: the whole (visible) tree as a flat list ordered by level, then name. */
export const ZGroupList = z.object({ list: z.array(ZGroupItem) });
export const ZGroupAdd = z.object({
  name: ZName,
  number: ZShortText.optional(),
  parentId: ZUuid.nullable().optional(),
  leader: ZShortText.optional(),
});
export const ZGroupEdit = z.object({
  id: ZUuid,
  name: ZName.optional(),
  number: ZShortText.optional(),
  leader: ZShortText.optional(),
});
export const ZGroupEscrow = z.object({
  id: ZUuid.describe('The group whose devices are escrowed'),
  toGroupId: ZUuid,
  mode: z.enum(['tiered', 'sibling']).describe('tiered: to an ancestor; sibling: same parent'),
});

// ——— proxies ———

export const ZProxyItem = z.object({
  id: z.string(),
  userId: z.string(),
  account: z.string(),
  userName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  roleKey: ZRoleKey,
  startAt: z.string(),
  endAt: z.string(),
  active: z.boolean().describe('Now inside the window'),
});
export const ZProxyListRequest = ZListRequest.extend({ userId: ZUuid.optional() });
const proxyWindow = {
  startAt: ZDate.describe('ISO date-time the proxy starts'),
  endAt: ZDate.describe('ISO date-time it ends'),
};
export const ZProxyAdd = z
  .object({ userId: ZUuid, roleId: ZUuid, ...proxyWindow })
  .refine((p) => p.startAt < p.endAt, { message: rule('startBeforeEnd'), path: ['endAt'] });
export const ZProxyEdit = z
  .object({ id: ZUuid, roleId: ZUuid.optional(), ...proxyWindow })
  .refine((p) => p.startAt < p.endAt, { message: rule('startBeforeEnd'), path: ['endAt'] });

export const ZCreated = z.object({ id: z.string() });
