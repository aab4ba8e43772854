import { queryOptions } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const CHECK_EMAIL_PATH = '/com/n/ce';

/** Whether an account with this e-mail exists (registration checks it as the user types). */
export function checkEmail(email: string): Promise<{ exists: boolean }> {
  // Silent: a failed check must not toast while typing; the server checks again on submit.
  return post<{ exists: boolean }>(CHECK_EMAIL_PATH, { email }, { silent: true });
}

export const checkEmailQuery = (email: string) =>
  queryOptions({
    queryKey: ['com', 'check-email', email.trim().toLowerCase()],
    queryFn: () => checkEmail(email.trim()),
    staleTime: 30_000,
    retry: false,
  });
