import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES } from '@edp/shared/built-in-roles';
import { i18n } from '../../../locales/i18n.ts';
import zhAdmin from '../../../locales/zh-CN/admin.lazy.ts';
import enAdmin from '../../../locales/en-US/admin.lazy.ts';
import './admin-locales.ts';
import { roleName } from './role-name.ts';

describe('role names', () => {
  it('shows a built-in role by its key in the page’s language, a role users made by its name', () => {
    const zh = i18n.getFixedT('zh-CN', 'admin');
    const en = i18n.getFixedT('en-US', 'admin');
    // Stored in Chinese at setup, read in English: the key decides.
    expect(roleName(en, { name: '审计员', key: 'auditor' })).toBe('Auditor');
    expect(roleName(zh, { name: 'Auditor', key: 'auditor' })).toBe('审计员');
    expect(roleName(en, { name: '值班员', key: null })).toBe('值班员');
    expect(roleName(en, { name: null, key: undefined })).toBe('');
  });

  it('uses the names the server writes into the audit CSV', () => {
    for (const key of BUILT_IN_ROLE_KEYS) {
      expect(zhAdmin.builtInRoles[key]).toBe(BUILT_IN_ROLES[key].name['zh-CN']);
      expect(enAdmin.builtInRoles[key]).toBe(BUILT_IN_ROLES[key].name['en-US']);
    }
  });
});
