import { uploadLicenceRequests } from '@edp/shared/api/portal/licences.calls';
import { callApi } from '../../../lib/api.ts';
import { uploadedFile } from '../../../lib/uploaded-files.ts';
import { useChange } from '../../../lib/api-query.ts';

/**
 * Sends many request files at once, loose `.dat` files or zips of them (as the console's
 * "Download request files" saves them); answers each request read and each file refused.
 * Silent: the page shows the error beside the upload button.
 */
export async function uploadRequests(files: File[]) {
  return callApi(
    uploadLicenceRequests,
    { files: await Promise.all(files.map(uploadedFile)) },
    { silent: true },
  );
}

export function useUploadRequests() {
  return useChange(uploadRequests);
}
