import type { ComponentType } from 'react';
import type { MenuKey } from '../../locales/menu-key.ts';

/**
 * One entry of the data-driven route table (ant-design-pro style): the route's `name` is its
 * key in the `menu` locale namespace (menu label and page title), `access` decides the guard,
 * `layout` the frame it renders in, and `menu` (when present) puts it in that layout's menu.
 */
export type RouteName = MenuKey;

/**
 * - public: always allowed
 * - login: the portal login page (signed-in companies go to /myauth)
 * - company: needs a signed-in company
 * - adminLogin / admin: the same pair for the management console under /admin
 * - vendorLogin / vendor: the same pair for the vendor's super administrator under /sa
 */
export type Access =
  'public' | 'login' | 'company' | 'adminLogin' | 'admin' | 'vendorLogin' | 'vendor';

/** public: header with language switch, no menu; portal / admin: the signed-in shell. */
export type LayoutKind = 'public' | 'portal' | 'admin' | 'vendor';

/** Icons are named, not imported here, so the route table stays light on /login. */
export type MenuIconName =
  | 'licence'
  | 'engine'
  | 'balance'
  | 'dashboard'
  | 'user'
  | 'role'
  | 'group'
  | 'proxy'
  | 'setting'
  | 'audit'
  | 'task'
  | 'key'
  | 'package'
  | 'company'
  | 'tenant';

export interface AppRoute {
  path: string;
  name: RouteName;
  access: Access;
  layout: LayoutKind;
  /** The page component, code-split: `() => import('…/pages/x-page.tsx')`. */
  page: () => Promise<{ default: ComponentType }>;
  menu?: { icon: MenuIconName; order: number };
}
