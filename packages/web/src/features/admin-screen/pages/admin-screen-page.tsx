import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deviceOverview } from '@edp/shared/api/console/devices.calls';
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
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useOverviewActivity } from '../../admin-home/api/overview-activity.ts';
import { formatTime } from '../../../lib/format.ts';
import { SCREEN_REFRESH_MS, useScreenDevices } from '../api/screen.ts';
import './admin-screen-page.css';

// ECharts in a chunk of its own, loaded beside the page: the title and the large figures are
// drawn before the chart library has loaded (issue 38); each panel fills in when it has.
const LazyChart = lazy(() =>
  import('../../admin-common/components/echart.tsx').then((m) => ({ default: m.EChart })),
);
const EChart = (props: ComponentProps<typeof LazyChart>) => (
  <Suspense fallback={null}>
    <LazyChart {...props} />
  </Suspense>
);

/** The devices the big screen ranks (SPEC §9: at most 50 in a chart; 10 read across a room). */
const SCREEN_TOP = 10;
/** Large type, for across a room. */
const LOOK = { big: true };

/**
 * The big screen (/admin/screen, docs/overview.md): the overview's figures for a wall, large and
 * light on dark, read again every 5 s without reloading the page; the button puts it in full
 * screen (the Fullscreen API), Esc leaves.
 */
export default function AdminScreenPage() {
  const { t, i18n } = useTranslation('adminOverview');
  const tk = t as unknown as (key: string) => string;
  const lang = i18n.language;
  const box = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);
  const mayDevices = useMayCall(deviceOverview);
  const devices = useScreenDevices(mayDevices);
  const day = useOverviewActivity('24h', 1, { every: SCREEN_REFRESH_MS });
  const week = useOverviewActivity('7d', SCREEN_TOP, { every: SCREEN_REFRESH_MS });

  useEffect(() => {
    const changed = () => setFull(document.fullscreenElement === box.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen();
  };

  const names = useMemo(
    () => Object.fromEntries(CHART_STREAMS.map((s) => [s, t(`streams.${s}`)])) as never,
    [t],
  );
  const sep = lang === 'en-US' ? ', ' : '，';
  // Options made again only when an answer changes (a refresh that brings the same figures keeps
  // the same answer object): a chart given a new option redraws, with its animation.
  const events = useMemo(
    () => (day.data ? eventsOption(day.data, names, lang, LOOK) : null),
    [day.data, names, lang],
  );
  const top = useMemo(
    () =>
      (week.data?.topDevices ?? []).map((d): [string, number] => [
        d.name || t('unknownDevice'),
        d.alerts,
      ]),
    [week.data, t],
  );
  const topChart = useMemo(() => rankOption(top, LOOK), [top]);
  const panels = useMemo(() => {
    if (!devices.data) return [];
    const rows = deviceRows(devices.data, tk);
    return (
      [
        ['byPresence', rows.presence, pieOption],
        ['byKind', rows.kinds, barOption],
        ['licences', rows.expiry, barOption],
      ] as const
    ).map(([key, data, option]) => ({ key, data, option: option(data, LOOK) }));
  }, [devices.data, tk]);
  const updated = Math.max(day.dataUpdatedAt, week.dataUpdatedAt);
  const failed = day.isError || week.isError || devices.isError;
  const figure = (v: number | undefined) => (v === undefined ? '…' : v.toLocaleString(lang));

  return (
    <div ref={box} className="admin-screen" data-fullscreen={full || undefined}>
      <header className="admin-screen__head">
        <h1 className="admin-screen__title">{t('screen.title')}</h1>
        <p className="admin-screen__time">
          {updated > 0 &&
            t(failed ? 'screen.stale' : 'screen.updated', {
              time: formatTime(new Date(updated).toISOString()),
            })}
        </p>
        <Button
          size="large"
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={toggle}
        >
          {full ? t('screen.exitFullscreen') : t('screen.fullscreen')}
        </Button>
      </header>
      <dl className="admin-screen__figures">
        {mayDevices && (
          <>
            <div>
              <dt>{t('screen.devices')}</dt>
              <dd>{figure(devices.data?.total)}</dd>
            </div>
            <div>
              <dt>{t('screen.online')}</dt>
              <dd>{figure(devices.data?.online)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('screen.alerts24h')}</dt>
          <dd className="admin-screen__alert">{figure(day.data?.totals.alert)}</dd>
        </div>
        <div>
          <dt>{t('screen.denied24h')}</dt>
          <dd>{figure(day.data?.totals.denied)}</dd>
        </div>
      </dl>
      <div className="admin-screen__grid">
        <figure className="admin-screen__panel admin-screen__panel--wide">
          <figcaption>{t('screen.events24h')}</figcaption>
          {events && day.data ? (
            <EChart
              dark
              option={events}
              height="100%"
              label={t('eventsSummary', { range: t('range.24h'), ...day.data.totals })}
            />
          ) : null}
        </figure>
        <figure className="admin-screen__panel">
          <figcaption>{t('screen.top7d')}</figcaption>
          {week.data && top.length === 0 ? (
            <p>{t('noAlerts')}</p>
          ) : week.data ? (
            <EChart
              dark
              option={topChart}
              height="100%"
              label={t('topSummary', { list: listed(top, sep) })}
            />
          ) : null}
        </figure>
        {panels.map(({ key, data, option }) => (
          <figure key={key} className="admin-screen__panel">
            <figcaption>{t(key)}</figcaption>
            <EChart
              dark
              option={option}
              height="100%"
              label={t('pieSummary', { title: t(key), list: listed(data, sep) })}
            />
          </figure>
        ))}
      </div>
    </div>
  );
}
