import { useMemo, useState } from 'react';
import { Segmented } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OVERVIEW_RANGES, type OverviewRange } from '@edp/shared/constants';
import { EChart } from '../../admin-common/components/echart.tsx';
import {
  CHART_STREAMS,
  barOption,
  deviceRows,
  eventsOption,
  listed,
  pieOption,
  rankOption,
} from '../../admin-common/lib/overview-charts.ts';
import '../../admin-common/lib/overview-locales.ts';
import { useDeviceOverview } from '../../admin-devices/api/get-device-overview.ts';
import { useOverviewActivity } from '../api/overview-activity.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** The devices a ranking shows on the home page (SPEC §9 allows up to 50 in one chart). */
const HOME_TOP = 10;

type Rows = [string, number][];

/**
 * The home page's charts (ECharts), loaded after the page's first paint and after the device
 * figures: devices by state, kind and licence end for every duty, and for the log readers the
 * events and alerts of a range and the devices with the most alerts, in the reader's groups.
 */
export default function OverviewCharts({
  devices,
  activity,
}: {
  devices: boolean;
  activity: boolean;
}) {
  const { t, i18n } = useTranslation('adminOverview');
  const tk = t as unknown as (key: string) => string;
  const [range, setRange] = useState<OverviewRange>('24h');
  const device = useDeviceOverview(devices);
  const events = useOverviewActivity(range, HOME_TOP, { enabled: activity });
  const lang = i18n.language;

  const names = useMemo(
    () => Object.fromEntries(CHART_STREAMS.map((s) => [s, t(`streams.${s}`)])) as never,
    [t],
  );
  const eventsChart = useMemo(
    () => (events.data ? eventsOption(events.data, names, lang) : null),
    [events.data, names, lang],
  );
  const top: Rows = (events.data?.topDevices ?? []).map((d) => [
    d.name || t('unknownDevice'),
    d.alerts,
  ]);
  const rows = device.data ? deviceRows(device.data, tk) : null;
  const sep = lang === 'en-US' ? ', ' : '，';

  return (
    <section aria-labelledby="overview-charts" className="admin-home__charts-section">
      <div className="admin-home__charts-head">
        <h2 id="overview-charts" className="admin-home__duty">
          {t('charts')}
        </h2>
        {activity && (
          <Link to={adminPath('adminScreen')} className="admin-home__screen-link">
            {t('openScreen')}
          </Link>
        )}
      </div>
      {(events.isError || device.isError) && <p role="alert">{t('failed')}</p>}
      {activity && (
        <>
          <Segmented<OverviewRange>
            aria-label={t('range.label')}
            value={range}
            onChange={setRange}
            options={OVERVIEW_RANGES.map((r) => ({ value: r, label: t(`range.${r}`) }))}
          />
          <div className="admin-home__charts">
            <figure className="admin-home__chart admin-home__chart--wide">
              <figcaption>{t('events')}</figcaption>
              {eventsChart && events.data ? (
                <EChart
                  option={eventsChart}
                  height={280}
                  label={t('eventsSummary', { range: t(`range.${range}`), ...events.data.totals })}
                />
              ) : (
                <div style={{ height: 280 }} />
              )}
            </figure>
            <figure className="admin-home__chart">
              <figcaption>{t('topDevices')}</figcaption>
              {events.data && top.length === 0 ? (
                <p style={{ height: 280 }}>{t('noAlerts')}</p>
              ) : events.data ? (
                <EChart
                  option={rankOption(top)}
                  height={280}
                  label={t('topSummary', { list: listed(top, sep) })}
                />
              ) : (
                <div style={{ height: 280 }} />
              )}
            </figure>
          </div>
        </>
      )}
      {devices && (
        <div className="admin-home__charts">
          {(
            [
              ['byPresence', rows?.presence, pieOption],
              ['byKind', rows?.kinds, barOption],
              ['licences', rows?.expiry, barOption],
            ] as const
          ).map(([key, data, option]) => (
            <figure key={key} className="admin-home__chart">
              <figcaption>{t(key)}</figcaption>
              {data ? (
                <EChart
                  option={option(data)}
                  height={240}
                  label={t('pieSummary', { title: t(key), list: listed(data, sep) })}
                />
              ) : (
                <div style={{ height: 240 }} />
              )}
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
