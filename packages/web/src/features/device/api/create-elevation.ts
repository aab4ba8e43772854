import { engineList, deviceInfo, deviceIssueRecords } from '@edp/shared/api/portal/devices.calls';
import { balanceHistory } from '@edp/shared/api/portal/balance.calls';
import {
  issueElevation,
  licenceList,
  licenceRecords,
  subLicences,
} from '@edp/shared/api/portal/licences.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export type ElevationAnswer = DataOf<typeof issueElevation>;

/** Signs a time-limited elevation file for a licensed device (free of charge). */
export function createElevation(input: BodyOf<typeof issueElevation>) {
  return callApi(issueElevation, input);
}

/** Then refreshes every portal list (the device's records show the new file). */
export function useCreateElevation() {
  return useChange(createElevation, [
    balanceHistory,
    licenceList,
    subLicences,
    licenceRecords,
    engineList,
    deviceInfo,
    deviceIssueRecords,
  ]);
}
