import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  activate,
  activationRequest,
  deviceLicenceRecords,
  finalize,
  renew,
  renewalRequest,
  requestArchive,
  tenantLicences,
} from '@edp/shared/api/console/licences.calls';
import { deviceDetail } from '@edp/shared/api/console/devices.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { LicencePurpose } from '@edp/shared/contracts/licences';
import type { TTaskTarget } from '@edp/shared/contracts/tasks';
import { callApi, callKey } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';
import { saveBlob } from '../../../lib/download-file.ts';
import { base64Bytes, isZipName, uploadedFile } from '../../../lib/uploaded-files.ts';

/**
 * Activation and renewal (issue 24, docs/licences.md). The calls that reach an engine are
 * silent: the steps show an offline engine, a missed answer or a refusal where the answer would
 * be, not as a toast, and none is asked again by itself.
 */

/** A device's requests not answered yet and its installs. */
export function useLicenceRecords(deviceId: string) {
  return useQuery({
    ...callQuery(deviceLicenceRecords, { deviceId }, { silent: true }),
    placeholderData: undefined,
    retry: false,
  });
}

/** The tenant's licences, expired and expiring first. */
export function useLicenceList(body: BodyOf<typeof tenantLicences>) {
  return useQuery(callQuery(tenantLicences, body));
}

/** Step 1: asks the engine, saves the `.dat` it makes; answers the file's name. */
export async function downloadRequest(deviceId: string, months: number, purpose: LicencePurpose) {
  const call = purpose === 'renew' ? renewalRequest : activationRequest;
  const made = await callApi(call, { deviceId, months }, { silent: true });
  saveBlob(new Blob([made.file], { type: 'application/octet-stream' }), made.fileName);
  return made;
}

/** Step 1 for many: one zip of `.dat` files; answers how many and which were skipped. */
export async function downloadRequests(target: TTaskTarget, months: number) {
  const made = await callApi(requestArchive, { target, months }, { silent: true });
  saveBlob(new Blob([base64Bytes(made.archive)], { type: 'application/zip' }), made.fileName);
  return made;
}

/** Step 4: the certificate checked and installed; the device and its records read again. */
export function useInstallCertificate(deviceId: string) {
  const client = useQueryClient();
  return async (certificate: string, purpose: LicencePurpose) => {
    const call = purpose === 'renew' ? renew : activate;
    const installed = await callApi(call, { deviceId, certificate }, { silent: true });
    await Promise.all([
      client.invalidateQueries({ queryKey: callKey(deviceDetail, { id: deviceId }) }),
      client.invalidateQueries({ queryKey: callKey(deviceLicenceRecords) }),
      client.invalidateQueries({ queryKey: callKey(tenantLicences) }),
    ]);
    return installed;
  };
}

/**
 * Step 4 for many: the certificates matched to their devices and sent by one task. `.lic` files
 * go as their text, zips (the portal's archive of certificates) as they are, unpacked there.
 */
export async function installCertificates(files: File[]) {
  const [archives, loose] = [
    files.filter((f) => isZipName(f.name)),
    files.filter((f) => !isZipName(f.name)),
  ];
  return callApi(
    finalize,
    {
      certificates: await Promise.all(
        loose.map(async (f) => ({ fileName: f.name, text: await f.text() })),
      ),
      archives: await Promise.all(archives.map(uploadedFile)),
    },
    { silent: true },
  );
}
