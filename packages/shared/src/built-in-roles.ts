import type { Locale } from './errors.ts';
import type { MenuMode } from './permissions.ts';

/**
 * The roles initial setup makes, one per duty (docs/console.md "Duties, roles"). A built-in role
 * is known by its key, not its name: the name is shown in the reader's language (the web from its
 * own texts, the audit CSV from `BUILT_IN_ROLES`), while a role someone made keeps the name they
 * gave it. The keys are the fields of the setup call (`ZTenantSetup`).
 *
 * Kept apart from permissions.ts, which the /login page loads: these names are not needed there.
 */
export const BUILT_IN_ROLE_KEYS = ['admin', 'keyAdmin', 'operator', 'auditor'] as const;
export type BuiltInRoleKey = (typeof BUILT_IN_ROLE_KEYS)[number];

export const BUILT_IN_ROLES: Record<
  BuiltInRoleKey,
  { menu: MenuMode; name: Record<Locale, string> }
> = {
  admin: { menu: 'system', name: { 'zh-CN': '系统管理员', 'en-US': 'System administrator' } },
  keyAdmin: { menu: 'kss', name: { 'zh-CN': '密码管理员', 'en-US': 'Password manager' } },
  operator: { menu: 'operate', name: { 'zh-CN': '安全操作员', 'en-US': 'Security operator' } },
  auditor: { menu: 'audit', name: { 'zh-CN': '审计员', 'en-US': 'Auditor' } },
};

/** The name a role is shown by: a built-in role's in the reader's language, else its own. */
export function roleNameIn(
  role: { name: string; key: BuiltInRoleKey | null | undefined },
  locale: Locale,
): string {
  return role.key ? BUILT_IN_ROLES[role.key].name[locale] : role.name;
}
