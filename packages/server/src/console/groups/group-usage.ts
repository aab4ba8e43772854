import type { Db } from '../../platform/db/index.ts';

/** Counts the devices in a group; device management (a later issue) registers one. */
export type DeviceCounter = (db: Db, tenantId: string, groupId: string) => Promise<number>;

const deviceCounters: DeviceCounter[] = [];

/** The hook for the device module: a group with devices cannot be deleted (docs/product.md §5). */
export function registerDeviceCounter(counter: DeviceCounter) {
  deviceCounters.push(counter);
}

export async function devicesInGroup(db: Db, tenantId: string, groupId: string): Promise<number> {
  const counts = await Promise.all(deviceCounters.map((count) => count(db, tenantId, groupId)));
  return counts.reduce((a, b) => a + b, 0);
}
