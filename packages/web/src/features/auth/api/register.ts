import { registerCompany } from '@edp/shared/api/portal/account.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { md5Hex } from '../../../lib/md5.ts';
import { useChange } from '../../../lib/api-query.ts';

/** The registration form, with the password in clear text (hashed here) and the toast text. */
export type RegisterInput = Omit<BodyOf<typeof registerCompany>, 'password'> & {
  password: string;
  successText: string;
};

/** Registers a company; the password travels as its MD5 hex (docs/architecture.md §5). */
export function register({ password, successText, ...rest }: RegisterInput) {
  return callApi(
    registerCompany,
    {
      email: rest.email.trim(),
      code: rest.code.trim(),
      company: rest.company.trim(),
      contact: rest.contact?.trim() || undefined,
      phone: rest.phone?.trim() || undefined,
      password: md5Hex(password),
    },
    { success: successText },
  );
}

export function useRegister() {
  return useChange(register);
}
