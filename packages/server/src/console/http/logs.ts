import type { FastifyInstance } from 'fastify';
import {
  accessLog,
  alertHandlePreview,
  alertList,
  auditRetention,
  dpiAlters,
  exportAccessLog,
  exportMonitorLog,
  handleAlerts,
  logBackups,
  logRules,
  logSettings,
  monitorLog,
  setAuditRetention,
  setLogRules,
  setLogSettings,
} from '@edp/shared/api/console/logs.calls';
import { sendFile, serve } from '../../platform/http/index.ts';
import type { AlertService, LogMaintenance, LogReads, LogSettingsService } from '../logs/index.ts';
import { callerOf } from './console-guard.ts';

/** The logs, alerts and log settings (docs/logs.md). */
export function logRoutes(
  app: FastifyInstance,
  {
    logs,
    alerts,
    logSettings: settings,
    logMaintenance: maintenance,
  }: {
    logs: LogReads;
    alerts: AlertService;
    logSettings: LogSettingsService;
    logMaintenance: LogMaintenance;
  },
) {
  serve(app, monitorLog, (req) => logs.monitor(callerOf(req), req.body));
  serve(app, accessLog, (req) => logs.access(callerOf(req), req.body));
  serve(app, dpiAlters, (req) => logs.dpiAlters(callerOf(req), req.body));
  // Reads, like the lists: not audited (as the device and audit exports are not).
  serve(app, exportMonitorLog, (req, reply) =>
    sendFile(reply, {
      name: logs.fileName('monitor', req.query),
      format: req.query.format,
      chunks: logs.file('monitor', callerOf(req), req.query, req.locale),
    }),
  );
  serve(app, exportAccessLog, (req, reply) =>
    sendFile(reply, {
      name: logs.fileName('access', req.query),
      format: req.query.format,
      chunks: logs.file('access', callerOf(req), req.query, req.locale),
    }),
  );
  serve(app, alertList, (req) => alerts.list(callerOf(req), req.body));
  serve(app, alertHandlePreview, (req) => alerts.preview(callerOf(req), req.body.filter));
  serve(app, handleAlerts, (req) => alerts.handle(callerOf(req), req.body));
  serve(app, logRules, (req) => settings.rules(callerOf(req)));
  serve(app, setLogRules, async (req) => {
    await settings.setRules(callerOf(req), req.body);
  });
  serve(app, logSettings, (req) => settings.settings(callerOf(req)));
  serve(app, setLogSettings, async (req) => {
    await settings.setSettings(callerOf(req), req.body);
  });
  serve(app, logBackups, (req) => maintenance.backups(callerOf(req)));
  serve(app, auditRetention, (req) => settings.auditRetention(callerOf(req)));
  serve(app, setAuditRetention, async (req) => {
    await settings.setAuditRetention(callerOf(req), req.body);
  });
}
