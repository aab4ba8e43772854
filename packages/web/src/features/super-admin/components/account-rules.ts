import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** The account rule of ZVendorAccount (contracts/vendor.ts), with localised messages. */
export const SA_ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{3,50}$/;

export function accountRules(t: TFunction<'vendor'>): FormRule[] {
  return [
    { required: true, whitespace: true, message: t('accountRequired') },
    { pattern: SA_ACCOUNT_PATTERN, message: t('accountInvalid') },
  ];
}
