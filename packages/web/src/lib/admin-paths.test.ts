import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { CONSOLE_PAGES } from '@edp/shared/api/console/pages';
import { adminRoutes } from '../app/routes/admin-routes.ts';
import { adminPath, ADMIN_ENTRY_PAGES, ADMIN_RECORD_PAGES } from './admin-paths.ts';

const ID = '00000000-0000-4000-8000-0000000000d1';

describe('adminPath', () => {
  it('gives each console page the path of its route', () => {
    for (const page of CONSOLE_PAGES) {
      expect(adminPath(page.name)).toBe(page.path);
      expect(adminRoutes.find((r) => r.name === page.name)?.path).toBe(page.path);
    }
    for (const [name, path] of Object.entries(ADMIN_ENTRY_PAGES)) {
      expect(adminRoutes.find((r) => r.name === name)?.path).toBe(path);
    }
    expect(adminPath('adminHome')).toBe('/admin');
    expect(adminPath('adminLogin')).toBe('/admin/login');
  });

  it('opens one record on the route that shows it, whose page reads the same id', () => {
    expect(adminPath('adminDeviceDetail', ID)).toBe(`/admin/devices/${ID}`);
    expect(adminPath('adminTaskDetail', ID)).toBe(`/admin/tasks/${ID}`);
    for (const [name, pattern] of Object.entries(ADMIN_RECORD_PAGES)) {
      expect(adminRoutes.find((r) => r.name === name)?.path).toBe(pattern);
      const path = adminPath(name as keyof typeof ADMIN_RECORD_PAGES, ID);
      expect(matchPath(pattern, path)?.params.id).toBe(ID);
      // An id is one path segment, whatever it holds.
      expect(adminPath(name as keyof typeof ADMIN_RECORD_PAGES, 'a/b')).toBe(
        pattern.replace(':id', 'a%2Fb'),
      );
    }
  });

  it('refuses a record page without its id', () => {
    expect(() => adminPath('adminDeviceDetail', '')).toThrow(/needs the record's id/);
  });

  it('keeps a query, given as a search string or as fields', () => {
    expect(adminPath('adminDevices', { expiring: '1' })).toBe('/admin/devices?expiring=1');
    expect(adminPath('adminDevices', '?status=offline&page=2')).toBe(
      '/admin/devices?status=offline&page=2',
    );
    expect(adminPath('adminDevices', 'status=offline')).toBe('/admin/devices?status=offline');
    expect(adminPath('adminDevices', '')).toBe('/admin/devices');
    expect(adminPath('adminTasks', {})).toBe('/admin/tasks');
  });
});
