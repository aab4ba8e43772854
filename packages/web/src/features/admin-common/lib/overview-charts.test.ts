import { describe, expect, it } from 'vitest';
import type { TDeviceOverview } from '@edp/shared/contracts/devices';
import type { TOverviewActivity } from '@edp/shared/contracts/overview';
import { bucketLabel, deviceRows, eventsOption, listed, pieOption } from './overview-charts.ts';

const activity: TOverviewActivity = {
  range: '30d',
  unit: 'day',
  buckets: [
    { at: '2026-11-25T00:00:00.000Z', access: 3, denied: 1, dpi: 0, tde: 2, alert: 0 },
    { at: '2026-11-26T00:00:00.000Z', access: 0, denied: 0, dpi: 4, tde: 0, alert: 4 },
  ],
  totals: { access: 3, denied: 1, dpi: 4, tde: 2, alert: 4 },
  topDevices: [],
};

describe('overview charts', () => {
  it('labels days and months as the UTC dates they are, hours in the reader’s zone', () => {
    // 00:00 UTC is still the 25th in New York: a day is labelled by its UTC date.
    expect(bucketLabel('2026-11-26T00:00:00.000Z', 'day', 'en-US', false)).toBe('11/26');
    expect(bucketLabel('2026-11-01T00:00:00.000Z', 'month', 'zh-CN', false)).toBe('2026年11月');
    expect(bucketLabel('2026-11-26T09:00:00.000Z', 'hour', 'en-US', false)).toMatch(/^\d\d:00$/);
    // A week's hours carry their day; each language and width keeps its own format.
    expect(bucketLabel('2026-11-26T09:00:00.000Z', 'hour', 'en-US', true)).toMatch(
      /^\d{1,2}\/\d{1,2}, \d\d:00$/,
    );
    expect(bucketLabel('2026-11-26T00:00:00.000Z', 'day', 'zh-CN', false)).toBe('11/26');
    expect(bucketLabel('2026-12-01T00:00:00.000Z', 'month', 'en-US', false)).toBe('Dec 2026');
  });

  it('draws a line a stream, with the bucket’s figures', () => {
    const names = { access: 'A', denied: 'D', dpi: 'P', tde: 'T', alert: 'L' };
    const option = eventsOption(activity, names, 'en-US') as {
      series: { name: string; data: number[] }[];
    };
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['A', [3, 0]],
      ['D', [1, 0]],
      ['P', [0, 4]],
      ['T', [2, 0]],
      ['L', [0, 4]],
    ]);
  });

  it('reads the device figures by state, kind and licence end', () => {
    const overview = {
      byPresence: { online: 2, offline: 1 },
      byKind: { TDE: 1, DPI: 2 },
      counts: { '5': 3 },
      expiring: { week: 1, month: 0, quarter: 4 },
    } as unknown as TDeviceOverview;
    const rows = deviceRows(overview, (key) => key);
    expect(rows.presence).toEqual([
      ['presence.online', 2],
      ['presence.offline', 1],
      ['presence.never', 0],
    ]);
    expect(rows.kinds).toEqual([
      ['DPI', 2],
      ['TDE', 1],
    ]);
    expect(rows.expiry.map(([, n]) => n)).toEqual([3, 1, 0, 4]);
    expect(listed(rows.kinds, ', ')).toBe('DPI 2, TDE 1');
    // An empty part has no slice, and the others keep their colours.
    const ring = pieOption(rows.presence) as {
      series: { data: { name: string; itemStyle: { color: string } }[] }[];
    };
    expect(ring.series[0]!.data.map((d) => d.name)).toEqual([
      'presence.online',
      'presence.offline',
    ]);
  });
});
