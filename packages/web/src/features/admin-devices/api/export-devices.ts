import { exportDevices as exportCall } from '@edp/shared/api/console/devices.calls';
import type { ExportFormat } from '@edp/shared/constants';
import { downloadCall } from '../../../lib/download-file.ts';
import { readerTimeZone } from '../../../lib/format.ts';
import { exportQuery, type DeviceListState } from '../lib/device-list-url.ts';

/**
 * Downloads every device of the list as the page shows it (status, filters, order) as CSV or
 * XLSX, with the session's X-Token, and saves it under the server's file name. The server
 * words it in the page's language (Accept-Language) and writes its times in the browser's
 * zone. Silent: the page shows the failure.
 */
export function exportDevices(state: DeviceListState, format: ExportFormat): Promise<string> {
  return downloadCall(exportCall, {}, `devices.${format}`, {
    query: exportQuery(state, format, readerTimeZone()),
    silent: true,
  });
}
