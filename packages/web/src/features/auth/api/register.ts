import { useMutation } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const REGISTER_PATH = '/com/n/reg';

export interface RegisterInput {
  company: string;
  contact?: string | undefined;
  phone?: string | undefined;
  email: string;
  code: string;
  password: string; // clear text; hashed here
  successText: string;
}

/** Registers a company; the password travels as its MD5 hex (ARCHITECTURE.md §5). */
export function register({ password, successText, ...rest }: RegisterInput) {
  return post<void>(
    REGISTER_PATH,
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
  return useMutation({ mutationFn: register });
}
