import type { deviceList } from '@edp/shared/api/console/devices.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { InstallState, Presence } from '@edp/shared/contracts/engine';

/**
 * The contract's value lists, typed against it but written here: importing them from the
 * contracts would bring zod into the console's chunks.
 */
export type DeviceSort = NonNullable<BodyOf<typeof deviceList>['sort']>;
export type SortOrder = NonNullable<BodyOf<typeof deviceList>['order']>;
export const SORTS: readonly DeviceSort[] = ['createdAt', 'name', 'lastSeenAt'];
export const ORDERS: readonly SortOrder[] = ['desc', 'asc'];
export const PRESENCE_VALUES: readonly Presence[] = ['online', 'offline', 'never'];
export const INSTALL_VALUES: readonly InstallState[] = [
  'none',
  'installing',
  'installed',
  'failed',
];
