import { describe, expect, it } from 'vitest';
import { decideAccess } from './guard-decision.ts';
import { safeRedirect } from '../../lib/auth-paths.ts';

const nobody = { company: false, admin: false };
const company = { company: true, admin: false };
const admin = { company: false, admin: true };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('route guard decision', () => {
  it('always allows public pages', () => {
    expect(decideAccess('public', nobody, at('/app-privacy'))).toEqual({ allow: true });
    expect(decideAccess('public', company, at('/'))).toEqual({ allow: true });
  });

  it('sends a signed-in company from login to /myauth', () => {
    expect(decideAccess('login', company, at('/login'))).toEqual({
      allow: false,
      redirect: '/myauth',
    });
    expect(decideAccess('login', nobody, at('/login'))).toEqual({ allow: true });
  });

  it('sends a visitor without session to login with the original path and query', () => {
    expect(decideAccess('company', nobody, at('/device/42', '?tab=issue'))).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fdevice%2F42%3Ftab%3Dissue',
    });
    expect(decideAccess('company', company, at('/device/42'))).toEqual({ allow: true });
  });

  it('guards /admin with the admin session and the admin login', () => {
    expect(decideAccess('admin', company, at('/admin'))).toEqual({
      allow: false,
      redirect: '/admin/login?redirect=%2Fadmin',
    });
    expect(decideAccess('admin', admin, at('/admin'))).toEqual({ allow: true });
    expect(decideAccess('adminLogin', admin, at('/admin/login'))).toEqual({
      allow: false,
      redirect: '/admin',
    });
    expect(decideAccess('company', admin, at('/myauth'))).toMatchObject({ allow: false });
  });
});

describe('vendor guard decision', () => {
  it('guards /sa with the vendor session and the vendor login', () => {
    expect(decideAccess('vendor', company, at('/sa/customers', '?page=2'))).toEqual({
      allow: false,
      redirect: '/sa/login?redirect=%2Fsa%2Fcustomers%3Fpage%3D2',
    });
    expect(decideAccess('vendor', { ...nobody, vendor: true }, at('/sa'))).toEqual({ allow: true });
    expect(decideAccess('vendorLogin', { ...nobody, vendor: true }, at('/sa/login'))).toEqual({
      allow: false,
      redirect: '/sa',
    });
    expect(decideAccess('vendorLogin', company, at('/sa/login'))).toEqual({ allow: true });
  });

  it('follows only /sa redirects after the vendor login', () => {
    expect(safeRedirect('?redirect=%2Fsa%2Fcustomers', 'vendor')).toBe('/sa/customers');
    expect(safeRedirect('?redirect=%2Fmyauth', 'vendor')).toBe('/sa');
    expect(safeRedirect('?redirect=%2Fsa%2Fcustomers', 'portal')).toBe('/myauth');
  });
});

describe('safeRedirect', () => {
  it('follows same-area paths only', () => {
    expect(safeRedirect('?redirect=%2Fdevice%3Fpage%3D2', 'portal')).toBe('/device?page=2');
    expect(safeRedirect('', 'portal')).toBe('/myauth');
    expect(safeRedirect('?redirect=%2F%2Fevil.example', 'portal')).toBe('/myauth');
    expect(safeRedirect('?redirect=https%3A%2F%2Fevil.example', 'portal')).toBe('/myauth');
    expect(safeRedirect('?redirect=%2Fadmin%2Fusers', 'portal')).toBe('/myauth');
    expect(safeRedirect('?redirect=%2Fadmin%2Fusers', 'admin')).toBe('/admin/users');
  });
});
