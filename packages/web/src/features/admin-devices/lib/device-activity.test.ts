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

  it('calls a new serial of the same licence code a renewal', () => {
    const first = { serial: 1, expiresAt: '2027-01-01T00:00:00.000Z', code: 'EDP-1' };
    const next = { serial: 2, expiresAt: '2028-01-01T00:00:00.000Z', code: 'EDP-1' };
    const other = { ...next, code: 'EDP-2' };
    const licence = (l: typeof first, previous: typeof first) =>
      activityLines(item({ kind: 'licence', detail: { licence: l, previous } }))[0]?.key;
    expect(licence(next, first)).toBe('activity.kinds.licenceRenewed');
    expect(licence(other, first)).toBe('activity.kinds.licenceChanged');
  });

  it('names a command by its type, what it acted on and how it ended', () => {
    const command = (c: Partial<NonNullable<TDeviceActivityItem['detail']['command']>>) =>
      activityLines(
        item({
          kind: 'command',
          detail: {
            command: {
              type: 'tde.encrypt',
              state: 'finished',
              code: 0,
              target: '/srv/ledger',
              taskId: null,
              ...c,
            },
          },
        }),
      );
    expect(command({})).toEqual([
      {
        key: 'activity.command.finished',
        values: { target: '/srv/ledger' },
        words: { command: 'tde.encrypt' },
      },
    ]);
    expect(command({ state: 'failed', code: -18, reason: '目录不存在' })[0]).toMatchObject({
      key: 'activity.command.failed',
      values: { target: '/srv/ledger', reason: '目录不存在' },
    });
    expect(command({ state: 'timeout', code: null, target: '' })[0]!.key).toBe(
      'activity.command.timeoutBare',
    );
    expect(command({ type: 'learning.authorise', more: 2 })[1]).toEqual({
      key: 'activity.command.more',
      values: { count: 2 },
    });
  });

  it('tells each step of a window in its kind’s words', () => {
    const until = '2026-11-24T09:00:00.000Z';
    const step = (w: Partial<NonNullable<TDeviceActivityItem['detail']['window']>>) =>
      activityLines(
        item({
          kind: 'window',
          detail: { window: { request: 'r1', kind: 'elevation', step: 'ended', ...w } },
        }),
      )[0];
    expect(step({ step: 'asked', seconds: 3600 })).toEqual({
      key: 'activity.window.elevation.asked',
      values: {},
      words: { duration: 3600 },
    });
    expect(step({ kind: 'learning', step: 'approved', until })).toEqual({
      key: 'activity.window.learning.approved',
      values: { until: formatTime(until) },
    });
    expect(step({ step: 'notStarted', code: -81, reason: 'refused' })).toEqual({
      key: 'activity.window.elevation.notStarted',
      values: { reason: 'refused' },
    });
    expect(step({ step: 'notStarted', code: null })!.key).toBe(
      'activity.window.elevation.notStartedSilent',
    );
    expect(step({})!.key).toBe('activity.window.elevation.ended');
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
