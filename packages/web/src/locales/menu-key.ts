import type menu from './zh-CN/menu.ts';

/** A key of the `menu` namespace: the name of a route (its menu label and page title). */
export type MenuKey = keyof typeof menu;
