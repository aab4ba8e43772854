import { describe, expect, it } from 'vitest';
import { adminMenu, mayOpen } from './admin-menu.ts';
import type { MenuEntry } from './menu-entries.ts';

const entries: MenuEntry[] = [
  { path: '/admin', name: 'adminHome', icon: 'dashboard' },
  { path: '/admin/users', name: 'adminUsers', icon: 'user' },
  { path: '/admin/groups', name: 'adminGroups', icon: 'group' },
  { path: '/admin/settings/login', name: 'adminLoginSettings', icon: 'setting' },
  { path: '/admin/devices', name: 'adminDevices', icon: 'engine' },
  { path: '/admin/keys', name: 'adminKeys', icon: 'key' },
  { path: '/admin/audit', name: 'adminAudit', icon: 'audit' },
];
const paths = (menus: Parameters<typeof adminMenu>[1]) =>
  adminMenu(entries, menus).map((e) => e.path);

describe('adminMenu', () => {
  it('gives each duty only its own entries, plus home', () => {
    expect(paths(['system'])).toEqual([
      '/admin',
      '/admin/users',
      '/admin/groups',
      '/admin/settings/login',
      // The auditor's own entries are the system administrator's to read (docs/console.md).
      '/admin/audit',
    ]);
    expect(paths(['operate'])).toEqual(['/admin', '/admin/groups', '/admin/devices']);
    expect(paths(['kss'])).toEqual(['/admin', '/admin/keys']);
    expect(paths(['audit'])).toEqual(['/admin', '/admin/keys', '/admin/audit']);
  });

  it('gives a super user (every mode) every entry', () => {
    expect(paths(['system', 'operate', 'kss', 'audit'])).toEqual(entries.map((e) => e.path));
  });

  it('gives a user without a mode only home', () => {
    expect(paths([])).toEqual(['/admin']);
  });
});

describe('mayOpen', () => {
  it('checks sub-paths of a duty page and lets pages without a duty open', () => {
    expect(mayOpen('/admin/users/7', ['audit'])).toBe(false);
    expect(mayOpen('/admin/audit', ['audit'])).toBe(true);
    expect(mayOpen('/admin/unknown', ['audit'])).toBe(true);
    expect(mayOpen('/admin/usersx', ['audit'])).toBe(true);
  });
});
