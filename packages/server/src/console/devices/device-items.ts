import type { TDeviceItem } from '@edp/shared/contracts/devices';
import type { PresenceStore } from '../../engines/index.ts';
import { deviceType, presenceOf } from './device-type.ts';
import { type DeviceListRow } from './device-repository.ts';

export const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A device as the list shows it, at `now`. Last seen: this node's own record when it has one
 * (exact), else the database's.
 */
export function deviceItems(presence: PresenceStore) {
  function seen(d: DeviceListRow, now: number) {
    const here = presence.lastSeen(d.id);
    const stored = d.lastSeenAt?.getTime() ?? null;
    const last = here !== undefined && (stored === null || here >= stored) ? here : stored;
    return { last, presence: presenceOf(last, d.intervalS, now, here !== undefined) };
  }

  return function itemOf(d: DeviceListRow, groupName: string, now: number): TDeviceItem {
    const { last, presence: state } = seen(d, now);
    return {
      id: d.id,
      name: d.name,
      number: d.number,
      ip: d.ip,
      systemType: d.systemType,
      kind: d.kind,
      type: deviceType(d.kind, d.licenceExpiresAt, now),
      version: d.version,
      status: d.status,
      presence: d.status === 'deprecated' ? 'offline' : state,
      install: d.install,
      activation: d.activation,
      groupId: d.groupId,
      groupName,
      licenceExpiresAt: isoOf(d.licenceExpiresAt),
      lastSeenAt: last === null ? null : new Date(last).toISOString(),
      createdAt: d.createdAt.toISOString(),
      remark: d.remark,
    };
  };
}
