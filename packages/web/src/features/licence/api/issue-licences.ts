import { engineList, deviceInfo, deviceIssueRecords } from '@edp/shared/api/portal/devices.calls';
import { balanceHistory } from '@edp/shared/api/portal/balance.calls';
import {
  issueLicences as issueCall,
  licenceList,
  licenceRecords,
  subLicences,
} from '@edp/shared/api/portal/licences.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { saveBlob } from '../../../lib/download-file.ts';
import { base64Bytes } from '../../../lib/uploaded-files.ts';

/**
 * Signs the certificates of many requests together (all or none) and answers one zip of them,
 * named by device (silent: the dialog shows errors).
 */
export function issueLicences(input: BodyOf<typeof issueCall>) {
  return callApi(issueCall, input, { silent: true });
}

/** Then refreshes every portal list (balance, licences and devices all change). */
export function useIssueLicences() {
  return useChange(issueLicences, [
    balanceHistory,
    licenceList,
    subLicences,
    licenceRecords,
    engineList,
    deviceInfo,
    deviceIssueRecords,
  ]);
}

/** Saves the archive of certificates a batch issue answered. */
export function saveCertificates(issued: { fileName: string; archive: string }) {
  saveBlob(new Blob([base64Bytes(issued.archive)], { type: 'application/zip' }), issued.fileName);
}
