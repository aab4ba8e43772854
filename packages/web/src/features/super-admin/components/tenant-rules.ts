import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/**
 * A host name as ZDomain (contracts/console-admin.ts) takes it: the server lower-cases it, so
 * upper-case letters pass here too.
 */
export const DOMAIN_PATTERN = /^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]+\]$/i;

export function domainRules(t: TFunction<'vendor'>): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('tenants.domainRequired') },
    { pattern: DOMAIN_PATTERN, message: t('tenants.domainInvalid') },
  ];
}

export function companyRules(t: TFunction<'vendor'>): FormRule[] {
  return [{ required: true, whitespace: true, message: t('tenants.companyRequired') }];
}
