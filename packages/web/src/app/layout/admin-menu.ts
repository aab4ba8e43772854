import { MENU_ITEMS, type MenuMode } from '@edp/shared/permissions';
import type { MenuEntry } from './menu-entries.ts';

const DUTY_PATHS = new Set(Object.values(MENU_ITEMS).flatMap((items) => items.map((i) => i.path)));

/** The /admin paths the role menu modes open (MENU_ITEMS of each mode). */
export function dutyPaths(menus: readonly MenuMode[]): Set<string> {
  return new Set(menus.flatMap((mode) => MENU_ITEMS[mode].map((item) => item.path)));
}

/** True when a page needs no duty (home, profile) or one of the user's modes opens it. */
export function mayOpen(pathname: string, menus: readonly MenuMode[]): boolean {
  const owned = [...DUTY_PATHS].filter((p) => pathname === p || pathname.startsWith(`${p}/`));
  if (owned.length === 0) return true;
  const open = dutyPaths(menus);
  return owned.some((p) => open.has(p));
}

/** The console menu of a user: the route table's admin entries their modes open, in order. */
export function adminMenu(entries: readonly MenuEntry[], menus: readonly MenuMode[]): MenuEntry[] {
  return entries.filter((entry) => mayOpen(entry.path, menus));
}
