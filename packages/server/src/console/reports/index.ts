/** Report downloads (docs/reports.md). Its public entry. */
export {
  REPORT_JOB,
  REPORT_LOCK,
  REPORT_QUEUE_MAX,
  REPORT_TICK_MS,
  reportJob,
  reportService,
  type ReportPass,
  type ReportService,
} from './report-service.ts';
export { lastEnded, periodOf, periodOfDay, type ReportPeriod } from './report-period.ts';
