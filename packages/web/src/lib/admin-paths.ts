import { CONSOLE_PAGES, type ConsolePageName } from '@edp/shared/api/console/pages';

/**
 * The console's pages outside CONSOLE_PAGES (the pages a duty opens, in the menu): the entry
 * pages and the two that show one record. The route table (app/routes/admin-routes.ts) makes its
 * routes from these and CONSOLE_PAGES, and every link to a console page is `adminPath(name, …)`:
 * no component writes a /admin path.
 */
export const ADMIN_ENTRY_PAGES = {
  adminHome: '/admin',
  adminLogin: '/admin/login',
  adminAutoLogin: '/admin/auto-login',
  adminSetup: '/admin/setup',
} as const;

export const ADMIN_RECORD_PAGES = {
  adminDeviceDetail: '/admin/devices/:id',
  adminTaskDetail: '/admin/tasks/:id',
} as const;

export type AdminRecordPage = keyof typeof ADMIN_RECORD_PAGES;
export type AdminListPage = ConsolePageName | keyof typeof ADMIN_ENTRY_PAGES;

const LIST_PATHS: Record<AdminListPage, string> = {
  ...ADMIN_ENTRY_PAGES,
  ...(Object.fromEntries(CONSOLE_PAGES.map((p) => [p.name, p.path])) as Record<
    ConsolePageName,
    string
  >),
};

/** A query as `?a=1&b=2` (a string is taken as written, with or without its `?`). */
function searchOf(query: string | Record<string, string> | undefined): string {
  if (query === undefined) return '';
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  if (!search || search === '?') return '';
  return search.startsWith('?') ? search : `?${search}`;
}

/**
 * The address of a console page: `adminPath('adminDeviceDetail', id)` for one record,
 * `adminPath('adminDevices', { expiring: '1' })` or `adminPath('adminDevices', location.search)`
 * for a page with a query.
 */
export function adminPath(page: AdminRecordPage, id: string): string;
export function adminPath(page: AdminListPage, query?: string | Record<string, string>): string;
export function adminPath(
  page: AdminRecordPage | AdminListPage,
  arg?: string | Record<string, string>,
): string {
  if (page in ADMIN_RECORD_PAGES) {
    if (typeof arg !== 'string' || arg === '') throw new Error(`${page} needs the record's id`);
    return ADMIN_RECORD_PAGES[page as AdminRecordPage].replace(':id', encodeURIComponent(arg));
  }
  return LIST_PATHS[page as AdminListPage] + searchOf(arg);
}
