import { useQuery } from '@tanstack/react-query';
import {
  downloadReport,
  makeReport,
  reportList,
  reportSchedule,
  setReportSchedule,
} from '@edp/shared/api/console/reports.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { ReportFormat, TReportPage } from '@edp/shared/contracts/reports';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';
import { downloadCall } from '../../../lib/download-file.ts';
import type { PageParams } from '../../../lib/use-paging.ts';

/** How often the list is read again while a report is being made (its progress). */
export const WHILE_MAKING_MS = 2_000;

const making = (page: TReportPage | undefined) =>
  !!page?.list.some((r) => r.status === 'queued' || r.status === 'making');

/** The tenant's reports, newest first; read again every 2 s while one is being made. */
export function useReports(params: PageParams) {
  return useQuery({
    ...callQuery(reportList, params),
    refetchInterval: (q) => (making(q.state.data) ? WHILE_MAKING_MS : false),
  });
}

export function useReportSchedule() {
  return useQuery(callQuery(reportSchedule));
}

export function useSaveReportSchedule() {
  return useChange(
    (body: BodyOf<typeof setReportSchedule>) => callApi(setReportSchedule, body, { success: true }),
    [reportSchedule, reportList],
  );
}

export function useMakeReport() {
  return useChange(
    (body: BodyOf<typeof makeReport>) => callApi(makeReport, body, { success: true }),
    [reportList],
  );
}

/** Saves a report's PDF or XLSX under the server's name. */
export function saveReport(id: string, format: ReportFormat) {
  return downloadCall(downloadReport, { id }, `report.${format}`, { query: `format=${format}` });
}
