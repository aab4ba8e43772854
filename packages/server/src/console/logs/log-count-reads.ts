import type { Db } from '../../platform/db/index.ts';
import { logReadModel } from '../store/index.ts';
import { logCountRepository } from './log-count-repository.ts';
import { logSettingsRepository } from './log-settings-repository.ts';

/**
 * What the data overview reads of the logs' tables (the logs own the counts and the log
 * settings): the counts' series, the devices with the most alerts (the read model's one count of
 * them, which the reports read too) and a tenant's log settings.
 */
export function logCountReads(db: Db) {
  const counts = logCountRepository(db);
  const settings = logSettingsRepository(db);
  const read = logReadModel(db);
  return { series: counts.series, topDevices: read.topAlertDevices, settingsOf: settings.get };
}
