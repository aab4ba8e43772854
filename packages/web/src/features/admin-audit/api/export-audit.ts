import { exportAuditLog } from '@edp/shared/api/console/audit.calls';
import { downloadCall } from '../../../lib/download-file.ts';
import { readerTimeZone } from '../../../lib/format.ts';
import { filterQuery, type AuditFilter } from '../lib/audit-filter.ts';

/**
 * Downloads the filtered audit log as CSV with the session's X-Token (a plain link cannot send
 * the header) and saves it under the server's file name. The server words it in the page's
 * language (Accept-Language) and writes its times in the browser's zone. Silent: the page
 * shows the failure.
 */
export async function exportAudit(ownerId: string, filter: AuditFilter): Promise<void> {
  await downloadCall(exportAuditLog, { owner: ownerId }, 'audit.csv', {
    query: filterQuery(filter, readerTimeZone()),
    silent: true,
  });
}
