import type { Db } from '../../platform/db/index.ts';
import { logCountRepository } from './log-count-repository.ts';
import { logSettingsRepository } from './log-settings-repository.ts';

/**
 * What the data overview reads of the logs' tables (the logs own the counts and the log
 * settings): the counts' series and top devices, and a tenant's log settings.
 */
export function logCountReads(db: Db) {
  const counts = logCountRepository(db);
  const settings = logSettingsRepository(db);
  return { series: counts.series, topDevices: counts.topDevices, settingsOf: settings.get };
}
