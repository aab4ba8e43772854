import { downloadApiFile } from '../../../lib/download-file.ts';

/** GET /api/com/dw/{recordId}: the certificate (.lic) or elevation file (.ele) of a record. */
export function downloadIssueFile(recordId: string, fallbackName = `${recordId}.lic`) {
  return downloadApiFile(`/com/dw/${encodeURIComponent(recordId)}`, fallbackName);
}
