import { asString, readItem, removeItem, writeItem } from './storage.ts';

/**
 * The signed-in identities, kept in encrypted local storage (docs/product.md §3, §4): the portal company
 * (`company`, its token `companyToken`) and the console administrator (`user`, its token `token`).
 * The portal and the console are one app on one origin, so each keeps its own token: signing in
 * to the portal in another tab (step 2 of activation links there) leaves the console signed in,
 * and the reverse. A company session stored before (its token in `token`) still reads.
 * A tiny observable store so React re-renders on sign-in and sign-out (useSyncExternalStore).
 */
export interface CompanySession {
  id: string;
  email: string;
  company: string;
  balance: number;
}

/** Console user info (docs/product.md §3, `ZUserInfo`); the console reads the rest of its fields. */
export interface AdminSession {
  account?: string;
  email?: string | null;
  fullName?: string;
  [flag: string]: unknown;
}

export interface SessionSnapshot {
  /** The console's token (and, from before they were kept apart, a company's). */
  token: string | undefined;
  /** The portal company's token. */
  companyToken: string | undefined;
  company: CompanySession | undefined;
  user: AdminSession | undefined;
}

// Hand-written guards instead of zod: this runs on every first load, zod would weigh on /login.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parseCompany(value: unknown): CompanySession | undefined {
  if (!isRecord(value)) return undefined;
  const { id, email, company, balance } = value;
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof email !== 'string') {
    return undefined;
  }
  return {
    id: String(id),
    email,
    company: typeof company === 'string' ? company : '',
    balance: typeof balance === 'number' ? balance : 0,
  };
}

export function parseAdmin(value: unknown): AdminSession | undefined {
  return isRecord(value) && (typeof value.account === 'string' || typeof value.email === 'string')
    ? (value as AdminSession)
    : undefined;
}

function load(): SessionSnapshot {
  return {
    token: readItem('token', asString),
    companyToken: readItem('companyToken', asString),
    company: readItem('company', parseCompany),
    user: readItem('user', parseAdmin),
  };
}

let snapshot: SessionSnapshot = load();
const listeners = new Set<() => void>();

function update(next: Partial<SessionSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): SessionSnapshot => snapshot,
  /** Re-read storage (tests, or another tab changed it). */
  reload(): void {
    update(load());
  },
};

export function signInCompany(token: string, company: CompanySession): void {
  writeItem('companyToken', token);
  writeItem('company', company);
  update({ companyToken: token, company });
}

export function signInAdmin(token: string, user: AdminSession): void {
  writeItem('token', token);
  writeItem('user', user);
  update({ token, user });
}

/** Portal sign-out or expiry: the company and its token go (the console's stays). */
export function clearCompany(): void {
  const { companyToken, user } = snapshot;
  removeItem('company');
  removeItem('companyToken');
  // A company session stored before the tokens were kept apart held its token in `token`.
  const shared = !companyToken && !user;
  if (shared) removeItem('token');
  update({ company: undefined, companyToken: undefined, ...(shared ? { token: undefined } : {}) });
}

/** The token a call carries: the company's on the portal's calls (`/com/…`), else the console's. */
export function sessionToken(path: string): string | undefined {
  const { token, companyToken } = snapshot;
  return path.startsWith('/com/') ? (companyToken ?? token) : (token ?? companyToken);
}

/** Console sign-out or expiry: the admin user info, its role menu and the token go. */
export function clearAdmin(): void {
  removeItem('user');
  removeItem('roleMenu');
  removeItem('token');
  update({ user: undefined, token: undefined });
}

if (typeof window !== 'undefined') {
  // Keep tabs in step: signing out in one tab signs out the others.
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('edp.')) sessionStore.reload();
  });
}
