import type zh from '../zh-CN/admin-log-settings.lazy.ts';
import type { DeepString } from '../types.ts';

const adminLogSettings: DeepString<typeof zh> = {
  intro:
    "The access-control and monitoring logs are kept by week. The hourly cleanup backs up each whole week past the retention to the server's backup directory (when backup is on), then deletes the week.",
  settings: {
    title: 'Cleanup settings',
    retention: 'Keep logs for',
    months: { '1': '1 month', '6': 'Half a year', '12': '1 year' },
    backup: 'Back up before cleanup',
    backupHelp:
      'One compressed file per week and log, with its SHA-256, kept on the server. To restore a week, ask whoever runs the server to follow the restore step in the deployment guide (logs, "Retention and backup").',
    save: 'Save',
    shortenTitle: 'Shorten the log retention?',
    shortenBody:
      'The retention goes from {{fromPeriod}} to {{toPeriod}}: logs past the new retention are no longer shown, and are deleted at the next cleanup (within the hour){{backup}}.',
    withBackup: ', backed up first',
    withoutBackup: ', without a backup',
    shortenOk: 'Shorten and save',
  },
  backups: {
    title: 'Log backups',
    name: 'File',
    week: 'Week',
    rows: 'Rows',
    size: 'Size',
    sha256: 'SHA-256',
    at: 'Backed up',
    empty: 'No backups yet: a backup is written before the cleanup deletes a week of logs.',
    loadFailed: 'The backups could not be loaded',
  },
};

export default adminLogSettings;
