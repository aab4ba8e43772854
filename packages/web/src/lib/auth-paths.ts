/**
 * Where each side signs in, and the `redirect` query that brings the user back afterwards.
 * Shared by the route guard and the HTTP client's session-expiry handling (docs/product.md §4).
 */
export type AuthArea = 'portal' | 'admin' | 'vendor';

export const LOGIN_PATH: Record<AuthArea, string> = {
  portal: '/login',
  admin: '/admin/login',
  vendor: '/sa/login',
};
export const HOME_AFTER_LOGIN: Record<AuthArea, string> = {
  portal: '/myauth',
  admin: '/admin',
  vendor: '/sa',
};

const under = (pathname: string, base: string) =>
  pathname === base || pathname.startsWith(`${base}/`);

/**
 * Paths under /admin belong to the management console, under /sa to the vendor's super
 * administrator, everything else to the portal.
 */
export function areaOf(pathname: string): AuthArea {
  if (under(pathname, '/admin')) return 'admin';
  return under(pathname, '/sa') ? 'vendor' : 'portal';
}

export function loginRedirect(area: AuthArea, from: string): string {
  return `${LOGIN_PATH[area]}?redirect=${encodeURIComponent(from)}`;
}

/**
 * The `redirect` query value if it is a same-origin path of the area, else the area's home:
 * never follow `//evil.example` or `https://…` (open redirect).
 */
export function safeRedirect(search: string, area: AuthArea): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return HOME_AFTER_LOGIN[area];
  }
  const path = target.split(/[?#]/)[0] ?? '';
  if (areaOf(path) !== area || path === LOGIN_PATH[area]) return HOME_AFTER_LOGIN[area];
  return target;
}
