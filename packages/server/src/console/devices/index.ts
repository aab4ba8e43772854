/** The public entry of this module: other modules import only from here. */
export { COUNTS_TTL_MS, DEVICE_PAGE_MS, deviceCounts, type DeviceCounts } from './device-counts.ts';
export { deviceExport, type DeviceExport } from './device-export.ts';
export { deviceScope, groupsOfFilter, visibleDeviceGroups } from './device-scope.ts';
export { enrolSecretService, type EnrolSecretService } from './enrol-secret-service.ts';
export { deviceService, type DeviceService } from './device-service.ts';
export { deviceActivityLog, type DeviceActivityLog } from './device-activity.ts';
export { deviceType, presenceOf } from './device-type.ts';
export { deviceEvents, type DeviceEvents, type DeviceEventsService } from './device-events.ts';
