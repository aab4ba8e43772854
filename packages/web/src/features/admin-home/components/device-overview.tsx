import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format.ts';
import { useDeviceOverview } from '../../admin-devices/api/get-device-overview.ts';
import { DEVICE_TYPE_RANGE } from '@edp/shared/constants';
import type { TDeviceOverview } from '@edp/shared/contracts/devices';
import '../../admin-devices/lib/device-locales.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** The three large figures: their text key and their value in the answer. */
const FIGURES: readonly [
  key: 'total' | 'online' | 'expiring',
  value: (o: TDeviceOverview) => number,
][] = [
  ['total', (o) => o.total],
  ['online', (o) => o.online],
  ['expiring', (o) => o.expiringSoon],
];

/** The device centre showing only licences ending within 30 days (device-list-url.ts). */
const EXPIRING_LIST = adminPath('adminDevices', { expiring: '1' });

/**
 * The home page's device figures (/dv/m/overview, in the reader's groups): totals, online now,
 * counts by licence type, licences ending within 30 days and the latest enrolments. Loaded
 * lazily by the home page, so its first paint does not wait for it.
 */
export default function DeviceOverview({
  canOpenDevices,
  onSettled,
}: {
  canOpenDevices: boolean;
  /** Called once the figures are drawn (or failed): what comes below has its place then. */
  onSettled?: () => void;
}) {
  const { t } = useTranslation('adminDevices');
  const { t: tc } = useTranslation('common');
  const overview = useDeviceOverview();
  const data = overview.data;
  const loading = overview.isPending;
  useEffect(() => {
    if (!loading) onSettled?.();
  }, [loading, onSettled]);
  if (overview.isError) return <p role="alert">{t('overview.failed')}</p>;
  return (
    <section aria-labelledby="device-overview" style={{ marginBottom: 24 }}>
      <h2 id="device-overview" className="admin-home__duty">
        {t('overview.title')}
      </h2>
      {/* A CSS grid, not antd's Row and Col (their styles cost the first paint). */}
      <dl className="admin-home__figures">
        {FIGURES.map(([key, value]) => {
          const figure = loading ? '…' : data ? value(data) : 0;
          // The expiring licences lead to the device centre filtered to them.
          const linked = key === 'expiring' && canOpenDevices && !loading;
          return (
            <div key={key} className="admin-home__card">
              <dt>{t(`overview.${key}`)}</dt>
              <dd>
                {linked ? (
                  <Link
                    to={EXPIRING_LIST}
                    aria-label={tc('labelled', { label: t('overview.expiring'), value: figure })}
                  >
                    {figure}
                  </Link>
                ) : (
                  figure
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      <h3 className="admin-home__sub">{t('overview.byType')}</h3>
      <dl className="admin-home__types">
        {DEVICE_TYPE_RANGE.map((type) => (
          <div key={type}>
            <dt>{t(`counters.${String(type) as '0'}`)}</dt>
            <dd>{loading ? '…' : (data?.counts[String(type)] ?? 0)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="admin-home__sub">{t('overview.recent')}</h3>
      {data && data.recent.length === 0 && <p>{t('overview.noRecent')}</p>}
      {data && data.recent.length > 0 && (
        <ul className="admin-home__recent">
          {data.recent.map((r) => (
            <li key={r.id}>
              {canOpenDevices ? (
                <Link to={adminPath('adminDeviceDetail', r.id)}>{r.name}</Link>
              ) : (
                r.name
              )}{' '}
              <span className="admin-home__muted">
                {r.kind} · <time dateTime={r.enrolledAt}>{formatTime(r.enrolledAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      {canOpenDevices && <Link to={adminPath('adminDevices')}>{t('overview.open')}</Link>}
    </section>
  );
}
