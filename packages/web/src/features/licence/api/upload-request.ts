import { uploadLicenceRequest } from '@edp/shared/api/portal/licences.calls';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/**
 * Sends a licence request file (base64 of its bytes) and gets back what it asks for. Silent:
 * the page shows the error beside the upload button.
 */
export function uploadRequest(file: string) {
  return callApi(uploadLicenceRequest, { file }, { silent: true });
}

export function useUploadRequest() {
  return useChange(uploadRequest);
}
