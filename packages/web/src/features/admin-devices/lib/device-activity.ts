import type { TDeviceActivityItem, TDeviceDetail } from '@edp/shared/contracts/devices';
import { formatDate, formatTime } from '../../../lib/format.ts';

/** One sentence of an entry: a text key of `adminDevices` and what fills it in. */
export interface ActivityLine {
  key: `activity.${string}`;
  values: Record<string, string | number>;
  /**
   * Values the reader's own words fill in (the timeline does): `command`, a command's type as
   * the tasks name it; `duration`, a window's length (s) as the reviews say it.
   */
  words?: { command?: string; duration?: number };
}

const line = (kind: string, values: ActivityLine['values'] = {}): ActivityLine => ({
  key: `activity.kinds.${kind}`,
  values,
});

/**
 * A command that changed the device: what it did, on what, and how it ended (a failure with
 * its reason in the reader's words, from the server; a timeout: the device did not answer).
 */
function commandLines(c: NonNullable<TDeviceActivityItem['detail']['command']>): ActivityLine[] {
  const bare = c.target === '' ? 'Bare' : '';
  const values: ActivityLine['values'] = { target: c.target };
  if (c.state === 'failed') values.reason = c.reason ?? String(c.code ?? '');
  const lines: ActivityLine[] = [
    { key: `activity.command.${c.state}${bare}`, values, words: { command: c.type } },
  ];
  if (c.more) lines.push({ key: 'activity.command.more', values: { count: c.more } });
  return lines;
}

/** A step of an elevation or learning-mode window, in that kind's own words. */
function windowLines(w: NonNullable<TDeviceActivityItem['detail']['window']>): ActivityLine[] {
  const key = `activity.window.${w.kind}` as const;
  switch (w.step) {
    case 'asked':
      return [{ key: `${key}.asked`, values: {}, words: { duration: w.seconds ?? 0 } }];
    case 'approved':
    case 'started':
    case 'adjusted':
      return [{ key: `${key}.${w.step}`, values: { until: formatTime(w.until) } }];
    case 'notStarted':
      // No code: the device never answered while the window was open.
      return w.code === null || w.code === undefined
        ? [{ key: `${key}.notStartedSilent`, values: {} }]
        : [{ key: `${key}.notStarted`, values: { reason: w.reason ?? String(w.code) } }];
    default:
      return [{ key: `${key}.${w.step}`, values: {} }];
  }
}

/**
 * What an activity entry says, as the keys of its sentences: an edit names what changed (the
 * name, the remark, or both), a licence entry whether it was installed, renewed (same serial,
 * new expiry, or a new serial of the same licence code), replaced or removed; a command what it
 * did and how it ended; a window's step. Times are the reader's (lib/format.ts).
 */
export function activityLines({ kind, detail: d }: TDeviceActivityItem): ActivityLine[] {
  switch (kind) {
    case 'enrolled':
    case 'added':
      return [line(kind, { group: d.group ?? '' })];
    case 'moved':
      return [line(kind, { from: d.from ?? '', to: d.to ?? '' })];
    case 'edited': {
      const lines: ActivityLine[] = [];
      if (d.name) lines.push(line('renamed', { from: d.name.from, to: d.name.to }));
      if (d.remark)
        lines.push(d.remark.to ? line('remark', { to: d.remark.to }) : line('remarkCleared'));
      return lines;
    }
    case 'offline':
      return [line(kind, { time: formatTime(d.lastSeen) })];
    case 'reenrolAllowed':
      return [line(kind, { until: formatTime(d.until) })];
    case 'command':
      return d.command ? commandLines(d.command) : [];
    case 'window':
      return d.window ? windowLines(d.window) : [];
    case 'licence': {
      const now = d.licence ?? null;
      const before = d.previous ?? null;
      if (!now) return [line('licenceRemoved', { previous: before?.serial ?? '' })];
      const expires = formatDate(now.expiresAt);
      if (!before) return [line('licenceInstalled', { serial: now.serial, expires })];
      // A renewal keeps the licence's code and takes the next serial (docs/licences.md).
      if (before.serial === now.serial || (now.code && now.code === before.code))
        return [line('licenceRenewed', { serial: now.serial, expires })];
      return [line('licenceChanged', { previous: before.serial, serial: now.serial, expires })];
    }
    default:
      return [line(kind)];
  }
}

/**
 * Since when a device is offline now, for the timeline's first line: its last check-in, when it
 * is running and counted offline; undefined otherwise. The stored entries say "went offline"
 * only once it comes back (docs/engines.md "Activity").
 */
export function offlineSince(
  d: Pick<TDeviceDetail, 'status' | 'presence' | 'lastSeenAt'>,
): string | undefined {
  return d.status === 'running' && d.presence === 'offline' && d.lastSeenAt
    ? d.lastSeenAt
    : undefined;
}
