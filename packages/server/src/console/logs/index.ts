/** The engines' logs, alerts and log settings (docs/logs.md). Its public entry. */
export { alertService, type AlertService } from './alert-service.ts';
export { logIngest, type LogIngest, type LoggingDevice } from './log-ingest.ts';
export { logReads, type LogReads } from './log-reads.ts';
export { logSettingsService, type LogSettingsService } from './log-settings-service.ts';
export {
  MAINTENANCE_LOCK,
  logMaintenance,
  logMaintenanceJob,
  type LogMaintenance,
  type MaintenanceReport,
} from './log-maintenance.ts';
export { restoreLogBackup, type RestoreReport } from './log-restore.ts';
export { RETENTION_MONTH_MS } from './log-range.ts';
export { logCountFolder, logCountFoldJob, type LogCountFolder } from './log-count-folder.ts';
export { logCountReads } from './log-count-reads.ts';
