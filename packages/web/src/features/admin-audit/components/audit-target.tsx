import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { targetAroundDevices } from '../lib/audit-target.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/**
 * An entry's target in the page's language, each device it names linking to the device's page.
 * `first` shows only the first few names (the list's column); the drawer shows all it keeps.
 */
export function AuditTarget({ entry, first }: { entry: TAuditItem; first?: number }) {
  const { t } = useTranslation('adminAudit');
  const around = targetAroundDevices(entry);
  if (!around) return <>{entry.targetLabel || '—'}</>;
  const shown = first === undefined ? entry.devices : entry.devices.slice(0, first);
  const cut = shown.length < entry.devices.length;
  return (
    <>
      {around.before}
      {shown.map((d, i) => (
        <Fragment key={d.id}>
          {i > 0 && t('audit.listSeparator')}
          <Link to={adminPath('adminDeviceDetail', d.id)}>{d.name}</Link>
        </Fragment>
      ))}
      {cut ? t('audit.andOthers') : around.after}
    </>
  );
}
