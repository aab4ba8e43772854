import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BuiltInRoleKey } from '@edp/shared/built-in-roles';

/** What the server answers of a role wherever one is named: its name and, when built in, its key. */
export interface NamedRole {
  name: string | null | undefined;
  key: BuiltInRoleKey | null | undefined;
}

/**
 * A role's name as shown: a built-in role's from its key, in the page's language (so switching
 * language renames it at once); a role someone made by the name they gave it.
 */
export function roleName(t: TFunction<'admin'>, { name, key }: NamedRole): string {
  return key ? t(`builtInRoles.${key}`) : (name ?? '');
}

/** `roleName` bound to the page's language. */
export function useRoleName(): (role: NamedRole) => string {
  const { t } = useTranslation('admin');
  return (role) => roleName(t, role);
}
