/** The public entry of this module: other modules import only from here. */
export { COUNTS_TTL_MS, DEVICE_PAGE_MS, deviceCounts, type DeviceCounts } from './device-counts.ts';
export { groupsOfFilter, visibleDeviceGroups } from './device-scope.ts';
export { deviceService, type DeviceService } from './device-service.ts';
export { deviceActivityLog, type DeviceActivityLog } from './device-activity.ts';
