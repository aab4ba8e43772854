import { CONSOLE_PAGES } from '@edp/shared/api/console/pages';
import { opensFor } from '@edp/shared/api/define';
import type { MenuMode } from '@edp/shared/permissions';
import type { MenuEntry } from './menu-entries.ts';

/** True when a page needs no duty (home, profile) or one of the user's modes opens it. */
export function mayOpen(pathname: string, menus: readonly MenuMode[]): boolean {
  const owned = CONSOLE_PAGES.filter(
    (p) => pathname === p.path || pathname.startsWith(`${p.path}/`),
  );
  if (owned.length === 0) return true;
  return owned.some((p) => opensFor(p.access, menus));
}

/** The console menu of a user: the route table's admin entries their modes open, in order. */
export function adminMenu(entries: readonly MenuEntry[], menus: readonly MenuMode[]): MenuEntry[] {
  return entries.filter((entry) => mayOpen(entry.path, menus));
}
