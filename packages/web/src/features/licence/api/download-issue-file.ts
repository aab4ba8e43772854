import { downloadIssueFile as downloadCallDecl } from '@edp/shared/api/portal/licences.calls';
import { downloadCall } from '../../../lib/download-file.ts';

/** The certificate (.lic) or elevation file (.ele) of an issue record (the device pages too). */
export function downloadIssueFile(recordId: string, fallbackName = `${recordId}.lic`) {
  return downloadCall(downloadCallDecl, { id: recordId }, fallbackName);
}
