import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearAdmin,
  clearCompany,
  sessionStore,
  sessionToken,
  signInAdmin,
  signInCompany,
} from './session.ts';
import { writeItem } from './storage.ts';

const company = { id: 'c1', email: 'ops@acme.example', company: 'Acme', balance: 3 };

/**
 * The portal and the console are one app on one origin: activation's step 2 opens the portal's
 * My license in another tab, where the customer signs in while the console stays signed in
 * (issue 35 point 15). Before, one token served both, and signing in to one signed the other out.
 */
describe('sessions of the portal and the console', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.reload();
  });

  it('keep their own tokens: signing in to one leaves the other signed in', () => {
    signInAdmin('console-tok', { account: 'operator' });
    signInCompany('company-tok', company);
    // Another tab reads the same storage.
    sessionStore.reload();
    expect(sessionToken('/dv/m/list')).toBe('console-tok');
    expect(sessionToken('/com/my/license')).toBe('company-tok');
    expect(sessionStore.getSnapshot()).toMatchObject({ user: { account: 'operator' }, company });

    clearCompany();
    sessionStore.reload();
    expect(sessionToken('/dv/m/list')).toBe('console-tok');
    expect(sessionStore.getSnapshot().company).toBeUndefined();

    signInCompany('company-tok-2', company);
    clearAdmin();
    sessionStore.reload();
    expect(sessionToken('/com/my/license')).toBe('company-tok-2');
    expect(sessionStore.getSnapshot().user).toBeUndefined();
  });

  it('still read a company session stored with the one shared token, and end it', () => {
    writeItem('token', 'old-tok');
    writeItem('company', company);
    sessionStore.reload();
    expect(sessionToken('/com/my/license')).toBe('old-tok');
    clearCompany();
    sessionStore.reload();
    expect(sessionStore.getSnapshot()).toMatchObject({ token: undefined, company: undefined });
  });
});
