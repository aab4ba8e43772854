import { useQuery } from '@tanstack/react-query';
import { enrolSecret, rotateEnrolSecret } from '@edp/shared/api/console/devices.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/** A group's enrolment secret (null until one is made). */
export function useEnrolSecret(groupId: string | undefined) {
  return useQuery({
    ...callQuery(enrolSecret, { groupId: groupId ?? '' }),
    placeholderData: undefined,
    enabled: !!groupId,
  });
}

/** Makes or replaces a group's secret; engines already enrolled keep their tokens. */
export function useRotateSecret() {
  return useChange(
    (groupId: string) => callApi(rotateEnrolSecret, { groupId }, { success: true }),
    [enrolSecret],
  );
}
