import { useQuery } from '@tanstack/react-query';
import {
  addEnrolSecret,
  enrolSecretList,
  revokeEnrolSecret,
} from '@edp/shared/api/console/devices.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/**
 * A group's enrolment secrets, live and revoked (never a secret itself). Silent: the list shows
 * its own error with a retry (LoadError).
 */
export function useEnrolSecrets(groupId: string | undefined) {
  return useQuery({
    ...callQuery(enrolSecretList, { groupId: groupId ?? '' }, { silent: true }),
    placeholderData: undefined,
    enabled: !!groupId,
  });
}

/** Makes a named secret: its answer is the only time the secret itself is shown. */
export function useAddEnrolSecret() {
  return useChange(
    (body: BodyOf<typeof addEnrolSecret>) => callApi(addEnrolSecret, body, { success: true }),
    [enrolSecretList],
  );
}

/** Revokes a secret: new enrolments with it are refused; enrolled engines keep working. */
export function useRevokeEnrolSecret() {
  return useChange(
    (id: string) => callApi(revokeEnrolSecret, { id }, { success: true }),
    [enrolSecretList],
  );
}
