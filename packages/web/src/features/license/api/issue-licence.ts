import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TIssueResult } from '@edp/shared/contracts/com';
import { post } from '../../../lib/http.ts';

export const ISSUE_PATH = '/com/issue';

/** Signs the certificate and deducts the months in one step (silent: the modal shows errors). */
export function issueLicence(input: { requestId: string; months: number }) {
  return post<TIssueResult>(ISSUE_PATH, input, { silent: true });
}

export function useIssueLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueLicence,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['com'] }),
  });
}
