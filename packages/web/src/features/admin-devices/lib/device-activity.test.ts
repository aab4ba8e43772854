import { describe, expect, it } from 'vitest';
import type { TDeviceActivityItem } from '@edp/shared/contracts/devices';
import { formatDate, formatTime } from '../../../lib/format.ts';
import { activityLines, offlineSince } from './device-activity.ts';

const item = (over: Partial<TDeviceActivityItem>): TDeviceActivityItem => ({
  id: '1',
  at: '2026-11-24T08:00:00.000Z',
  kind: 'deprecated',
  account: 'operator',
  detail: {},
  ...over,
});

describe('what an activity entry says', () => {
  it('names an edit by what changed: the name, the remark, or both', () => {
    const name = { from: 'web-01', to: 'web-02' };
    expect(activityLines(item({ kind: 'edited', detail: { name } }))).toEqual([
      { key: 'activity.kinds.renamed', values: name },
    ]);
    expect(
      activityLines(item({ kind: 'edited', detail: { name, remark: { from: '', to: 'rack 4' } } })),
    ).toEqual([
      { key: 'activity.kinds.renamed', values: name },
      { key: 'activity.kinds.remark', values: { to: 'rack 4' } },
    ]);
    expect(
      activityLines(item({ kind: 'edited', detail: { remark: { from: 'rack 4', to: '' } } })),
    ).toEqual([{ key: 'activity.kinds.remarkCleared', values: {} }]);
  });

  it('says until when a re-enrolment is allowed', () => {
    const until = '2026-11-30T08:00:00.000Z';
    expect(activityLines(item({ kind: 'reenrolAllowed', detail: { until } }))).toEqual([
      { key: 'activity.kinds.reenrolAllowed', values: { until: formatTime(until) } },
    ]);
  });

  it('tells a licence installed, renewed, replaced and removed apart', () => {
    const first = { serial: 7, expiresAt: '2030-01-01T00:00:00.000Z' };
    const renewed = { serial: 7, expiresAt: '2031-01-01T00:00:00.000Z' };
    const other = { serial: 8, expiresAt: '2032-01-01T00:00:00.000Z' };
    const licence = (l: typeof first | null, previous: typeof first | null) =>
      activityLines(item({ kind: 'licence', detail: { licence: l, previous } }))[0];
    expect(licence(first, null)).toEqual({
      key: 'activity.kinds.licenceInstalled',
      values: { serial: 7, expires: formatDate(first.expiresAt) },
    });
    expect(licence(renewed, first)?.key).toBe('activity.kinds.licenceRenewed');
    expect(licence(other, renewed)).toEqual({
      key: 'activity.kinds.licenceChanged',
      values: { previous: 7, serial: 8, expires: formatDate(other.expiresAt) },
    });
    expect(licence(null, other)).toEqual({
      key: 'activity.kinds.licenceRemoved',
      values: { previous: 8 },
    });
  });

  it('says when a device went offline by its last check-in, in the reader’s time', () => {
    const lastSeen = '2026-11-24T07:57:25.000Z';
    expect(activityLines(item({ kind: 'offline', detail: { lastSeen } }))).toEqual([
      { key: 'activity.kinds.offline', values: { time: formatTime(lastSeen) } },
    ]);
    expect(activityLines(item({ kind: 'moved', detail: { from: 'A', to: 'B' } }))).toEqual([
      { key: 'activity.kinds.moved', values: { from: 'A', to: 'B' } },
    ]);
  });

  it('shows "offline now" only for a running device that is offline and was seen', () => {
    const d = {
      status: 'running',
      presence: 'offline',
      lastSeenAt: '2026-11-24T07:00:00.000Z' as string | null,
    } as const;
    expect(offlineSince(d)).toBe(d.lastSeenAt);
    expect(offlineSince({ ...d, presence: 'online' })).toBeUndefined();
    expect(offlineSince({ ...d, status: 'deprecated' })).toBeUndefined();
    expect(offlineSince({ ...d, lastSeenAt: null })).toBeUndefined();
  });
});
