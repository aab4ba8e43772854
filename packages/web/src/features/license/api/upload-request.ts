import { useMutation } from '@tanstack/react-query';
import type { TUploadResult } from '@edp/shared/contracts/com';
import { post } from '../../../lib/http.ts';

export const UPLOAD_REQUEST_PATH = '/com/auth/device';

/**
 * Sends a licence request file (base64 of its bytes) and gets back what it asks for. Silent:
 * the page shows the error beside the upload button.
 */
export function uploadRequest(file: string): Promise<TUploadResult> {
  return post<TUploadResult>(UPLOAD_REQUEST_PATH, { file }, { silent: true });
}

export function useUploadRequest() {
  return useMutation({ mutationFn: uploadRequest });
}
