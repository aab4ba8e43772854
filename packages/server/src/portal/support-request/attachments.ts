import { ATTACHMENT_BYTES_MAX, attachmentTypeOf } from '@edp/shared/contracts/support-requests';
import type { TUploadedFile } from '@edp/shared/contracts/uploads';
import { PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { FileToStore } from './support-request-repository.ts';

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * The files a person attached, checked: each kept under its last path segment (a name is never
 * taken for a path: `../../etc/passwd` is kept as `passwd`, then refused for its kind), of a kind
 * ATTACHMENT_TYPES names, and at most ATTACHMENT_BYTES_MAX once decoded. The first refusal names
 * its file.
 */
export function checkedFiles(files: TUploadedFile[]): FileToStore[] {
  return files.map((f) => {
    const fileName = f.fileName.split(/[\\/]/).pop()!.trim();
    if (!fileName || CONTROL.test(fileName) || !attachmentTypeOf(fileName)) {
      throw new AppError(PortalErr.AttachmentType, { name: fileName || f.fileName });
    }
    const data = Buffer.from(f.data, 'base64');
    if (data.length > ATTACHMENT_BYTES_MAX) {
      throw new AppError(PortalErr.AttachmentTooLarge, { name: fileName });
    }
    return { fileName, data };
  });
}

/** The Content-Type a stored file is served as (its kind was checked when it came in). */
export const attachmentType = (fileName: string) =>
  attachmentTypeOf(fileName) ?? 'application/octet-stream';
