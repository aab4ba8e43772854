import type { TDeviceActivityItem, TDeviceDetail } from '@edp/shared/contracts/devices';
import { formatDate, formatTime } from '../../../lib/format.ts';

/** One sentence of an entry: a text key of `adminDevices` and what fills it in. */
export interface ActivityLine {
  key: `activity.kinds.${string}`;
  values: Record<string, string | number>;
}

const line = (kind: string, values: ActivityLine['values'] = {}): ActivityLine => ({
  key: `activity.kinds.${kind}`,
  values,
});

/**
 * What an activity entry says, as the keys of its sentences: an edit names what changed (the
 * name, the remark, or both), a licence entry whether it was installed, renewed (same serial,
 * new expiry), replaced or removed. Times are the reader's (lib/format.ts).
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
    case 'licence': {
      const now = d.licence ?? null;
      const before = d.previous ?? null;
      if (!now) return [line('licenceRemoved', { previous: before?.serial ?? '' })];
      const expires = formatDate(now.expiresAt);
      if (!before) return [line('licenceInstalled', { serial: now.serial, expires })];
      if (before.serial === now.serial)
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
