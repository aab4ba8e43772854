import { HOME_AFTER_LOGIN, loginRedirect } from '../../lib/auth-paths.ts';
import type { Access } from '../routes/route-types.ts';

/** Who is signed in, as far as the guard needs to know. */
export interface SessionFlags {
  company: boolean;
  admin: boolean;
  /** The vendor's super administrator (/sa). */
  vendor?: boolean;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string };

const ALLOW: GuardDecision = { allow: true };

/**
 * The route guard of docs/product.md §2 as a pure function: public pages always; the login page while
 * signed in goes to /myauth; any other page without a session goes to login with the original
 * path and query as `redirect`. The console under /admin follows the same rules with its own
 * session and login page.
 */
export function decideAccess(
  access: Access,
  session: SessionFlags,
  location: { pathname: string; search: string },
): GuardDecision {
  const from = location.pathname + location.search;
  switch (access) {
    case 'public':
      return ALLOW;
    case 'login':
      return session.company ? { allow: false, redirect: HOME_AFTER_LOGIN.portal } : ALLOW;
    case 'company':
      return session.company ? ALLOW : { allow: false, redirect: loginRedirect('portal', from) };
    case 'adminLogin':
      return session.admin ? { allow: false, redirect: HOME_AFTER_LOGIN.admin } : ALLOW;
    case 'admin':
      return session.admin ? ALLOW : { allow: false, redirect: loginRedirect('admin', from) };
    case 'vendorLogin':
      return session.vendor ? { allow: false, redirect: HOME_AFTER_LOGIN.vendor } : ALLOW;
    case 'vendor':
      return session.vendor ? ALLOW : { allow: false, redirect: loginRedirect('vendor', from) };
  }
}
