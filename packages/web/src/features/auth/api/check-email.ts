import { queryOptions } from '@tanstack/react-query';
import { emailExists } from '@edp/shared/api/portal/account.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

/** Whether an account with this e-mail exists (registration checks it as the user types). */
export function checkEmail(email: string) {
  // Silent: a failed check must not toast while typing; the server checks again on submit.
  return callApi(emailExists, { email }, { silent: true });
}

/** Keyed by the address as the server compares it (trimmed, lower case). */
export const checkEmailQuery = (email: string) =>
  queryOptions({
    ...callQuery(emailExists, { email: email.trim().toLowerCase() }, { silent: true }),
    staleTime: 30_000,
    retry: false,
  });
