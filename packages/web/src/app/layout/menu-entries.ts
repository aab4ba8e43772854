import type { AppRoute, LayoutKind, MenuIconName, RouteName } from '../routes/route-types.ts';

export interface MenuEntry {
  path: string;
  name: RouteName;
  icon: MenuIconName;
}

/** The menu of a layout: its routes that carry `menu`, in `order`. */
export function menuEntries(routes: readonly AppRoute[], layout: LayoutKind): MenuEntry[] {
  return routes
    .filter((route) => route.layout === layout && route.menu)
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0))
    .map((route) => ({ path: route.path, name: route.name, icon: route.menu!.icon }));
}

/** The entry to highlight: the longest menu path that prefixes the location (/device/7 → /device). */
export function selectedEntry(entries: readonly MenuEntry[], pathname: string): string | undefined {
  return entries
    .filter((e) => pathname === e.path || pathname.startsWith(e.path === '/' ? '/' : `${e.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}
