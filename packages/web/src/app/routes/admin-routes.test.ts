import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES } from '@edp/shared/api/console/pages';
import { menuEntries } from '../layout/menu-entries.ts';
import { adminRoutes } from './admin-routes.ts';

describe('adminRoutes', () => {
  it('makes one route and menu entry of each console page, in its order, after the home', () => {
    expect(menuEntries(adminRoutes, 'admin')).toEqual([
      { path: '/admin', name: 'adminHome', icon: 'dashboard' },
      ...CONSOLE_PAGES.map(({ path, name, icon }) => ({ path, name, icon })),
    ]);
    for (const page of CONSOLE_PAGES) {
      expect(adminRoutes.filter((r) => r.path === page.path)).toMatchObject([
        { name: page.name, access: 'admin', layout: 'admin' },
      ]);
    }
  });

  it('keeps the pages that are not in the menu', () => {
    expect(adminRoutes.filter((r) => !r.menu).map((r) => r.path)).toEqual([
      '/admin/login',
      '/admin/auto-login',
      '/admin/setup',
      '/admin/devices/:id',
      '/admin/tasks/:id',
    ]);
  });
});
