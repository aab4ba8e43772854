import { engineList, deviceInfo, deviceIssueRecords } from '@edp/shared/api/portal/devices.calls';
import { balanceHistory } from '@edp/shared/api/portal/balance.calls';
import {
  issueLicence as issueCall,
  licenceList,
  licenceRecords,
  subLicences,
} from '@edp/shared/api/portal/licences.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Signs the certificate and deducts the months in one step (silent: the modal shows errors). */
export function issueLicence(input: BodyOf<typeof issueCall>) {
  return callApi(issueCall, input, { silent: true });
}

/** Then refreshes every portal list (balance, licences and devices all change). */
export function useIssueLicence() {
  return useChange(issueLicence, [
    balanceHistory,
    licenceList,
    subLicences,
    licenceRecords,
    engineList,
    deviceInfo,
    deviceIssueRecords,
  ]);
}
