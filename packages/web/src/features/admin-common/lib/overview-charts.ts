import type { TDeviceOverview } from '@edp/shared/contracts/devices';
import type { TOverviewActivity } from '@edp/shared/contracts/overview';
import type { EChartsCoreOption } from 'echarts/core';

/** The streams a chart of events draws, in its legend's order. */
export const CHART_STREAMS = ['access', 'denied', 'dpi', 'tde', 'alert'] as const;
/** The console's theme colour first (docs/product.md §9), then colours apart from it. */
const COLORS = ['#06B6D4', '#F97316', '#8B5CF6', '#22C55E', '#EF4444'];

/** How a chart looks: the big screen's type is large and light on dark. */
export interface ChartLook {
  big?: boolean;
}
const fontOf = (look: ChartLook) => (look.big ? 18 : 12);
const textOf = (look: ChartLook) => ({ fontSize: fontOf(look) });

const AXIS_FORMATS: Record<TOverviewActivity['unit'], Intl.DateTimeFormatOptions> = {
  // Hours in the reader's zone; days and months as the UTC days and months the counts are kept by.
  hour: { hour: '2-digit', minute: '2-digit', hour12: false },
  day: { month: 'numeric', day: 'numeric', timeZone: 'UTC' },
  month: { year: 'numeric', month: 'short', timeZone: 'UTC' },
};

/**
 * Made once per unit, language and width, not per label: a chart labels 24 to 168 buckets, and
 * made per label the formats took 80 ms of the big screen's main thread in a Lighthouse trace.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function axisFormat(unit: TOverviewActivity['unit'], lang: string, wide: boolean) {
  const key = `${unit} ${lang} ${wide}`;
  let format = formatters.get(key);
  if (!format) {
    const options = AXIS_FORMATS[unit];
    format = new Intl.DateTimeFormat(
      lang,
      unit === 'hour' && wide ? { month: 'numeric', day: 'numeric', ...options } : options,
    );
    formatters.set(key, format);
  }
  return format;
}

/** A bucket's start as its axis label, in the reader's language (a week's hours with the day). */
export function bucketLabel(
  at: string,
  unit: TOverviewActivity['unit'],
  lang: string,
  wide: boolean,
) {
  return axisFormat(unit, lang, wide).format(new Date(at));
}

/** Events and alerts over the range: one line a stream. */
export function eventsOption(
  a: TOverviewActivity,
  names: Record<(typeof CHART_STREAMS)[number], string>,
  lang: string,
  look: ChartLook = {},
): EChartsCoreOption {
  const wide = a.range === '7d';
  return {
    color: COLORS,
    backgroundColor: 'transparent',
    textStyle: textOf(look),
    tooltip: { trigger: 'axis', textStyle: textOf(look) },
    // One line, scrolled on a narrow screen rather than wrapped over the plot.
    legend: { type: 'scroll', top: 0, textStyle: textOf(look) },
    grid: { left: 8, right: 16, top: look.big ? 48 : 36, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: a.buckets.map((b) => bucketLabel(b.at, a.unit, lang, wide)),
      axisLabel: { fontSize: fontOf(look) },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: fontOf(look) } },
    series: CHART_STREAMS.map((s) => ({
      name: names[s],
      type: 'line',
      showSymbol: a.buckets.length <= 31,
      lineStyle: { width: look.big ? 3 : 2 },
      data: a.buckets.map((b) => b[s]),
    })),
  };
}

/** A ranking as horizontal bars, the first at the top. */
export function rankOption(
  rows: [name: string, value: number][],
  look: ChartLook = {},
): EChartsCoreOption {
  const shown = [...rows].reverse();
  return {
    color: ['#EF4444'],
    backgroundColor: 'transparent',
    textStyle: textOf(look),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: textOf(look) },
    grid: { left: 8, right: 32, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: fontOf(look) } },
    yAxis: {
      type: 'category',
      data: shown.map(([name]) => name),
      axisLabel: { fontSize: fontOf(look), width: look.big ? 220 : 120, overflow: 'truncate' },
    },
    series: [
      {
        type: 'bar',
        data: shown.map(([, v]) => v),
        label: { show: true, position: 'right', fontSize: fontOf(look) },
      },
    ],
  };
}

/** Parts of a whole as a ring. */
export function pieOption(
  rows: [name: string, value: number][],
  look: ChartLook = {},
): EChartsCoreOption {
  return {
    color: COLORS,
    backgroundColor: 'transparent',
    textStyle: textOf(look),
    tooltip: { trigger: 'item', textStyle: textOf(look) },
    // Every part in the legend; only those with something in the ring (no label of a 0).
    legend: {
      type: 'scroll',
      bottom: 0,
      data: rows.map(([name]) => name),
      textStyle: textOf(look),
    },
    series: [
      {
        type: 'pie',
        radius: ['40%', '65%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}: {c}', fontSize: fontOf(look) },
        // Each part keeps its colour whichever others are empty.
        data: rows
          .map(([name, value], i) => ({
            name,
            value,
            itemStyle: { color: COLORS[i % COLORS.length] },
          }))
          .filter((d) => d.value > 0),
      },
    ],
  };
}

/** Counts by category as upright bars, one colour each. */
export function barOption(
  rows: [name: string, value: number][],
  look: ChartLook = {},
): EChartsCoreOption {
  return {
    backgroundColor: 'transparent',
    textStyle: textOf(look),
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: textOf(look) },
    grid: { left: 8, right: 8, top: 24, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: rows.map(([name]) => name),
      axisLabel: { fontSize: fontOf(look), interval: 0 },
    },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: fontOf(look) } },
    series: [
      {
        type: 'bar',
        data: rows.map(([, value], i) => ({
          value,
          itemStyle: { color: COLORS[i % COLORS.length] },
        })),
        label: { show: true, position: 'top', fontSize: fontOf(look) },
      },
    ],
  };
}

/** A ranking or parts in words, for the chart's text: "fin-01 3, fin-02 1". */
export const listed = (rows: [name: string, value: number][], sep: string) =>
  rows.map(([name, value]) => `${name} ${value}`).join(sep);

type Rows = [string, number][];

/** The device charts' rows (home and big screen): by state, by kind, by when licences end. */
export function deviceRows(d: TDeviceOverview, t: (key: string) => string) {
  const presence: Rows = (['online', 'offline', 'never'] as const).map((p) => [
    t(`presence.${p}`),
    d.byPresence[p] ?? 0,
  ]);
  const kinds: Rows = Object.entries(d.byKind).sort(([a], [b]) => a.localeCompare(b));
  const expiry: Rows = [
    [t('expiry.expired'), d.counts['5'] ?? 0],
    [t('expiry.week'), d.expiring.week],
    [t('expiry.month'), d.expiring.month],
    [t('expiry.quarter'), d.expiring.quarter],
  ];
  return { presence, kinds, expiry };
}
