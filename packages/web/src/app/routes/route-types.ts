import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
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
  | 'elevation'
  | 'learning'
  | 'monitorLog'
  | 'accessLog'
  | 'alert'
  | 'logRules'
  | 'screen'
  | 'sms'
  | 'warning'
  | 'report'
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
  /**
   * Starts the page's first read into the query cache once the guard lets the visitor in, so
   * that it travels beside the page's code instead of after it (a reload of /admin/devices
   * called the list about 470 ms in, after some 60 files). The page asks for the same query
   * and gets the answer under way.
   */
  prefetch?: (client: QueryClient, url: URL) => Promise<unknown>;
  menu?: { icon: MenuIconName; order: number };
}
