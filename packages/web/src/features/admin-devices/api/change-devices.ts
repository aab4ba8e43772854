import {
  addDevice as addDeviceCall,
  allowReenrol,
  deprecateDevices,
  deprecatedDeviceList,
  deviceActivity,
  deviceDetail,
  deviceList,
  deviceOverview,
  editDevice as editDeviceCall,
  moveDevices as moveDevicesCall,
  previewDevices,
  purgeDevices,
} from '@edp/shared/api/console/devices.calls';
import type { BodyOf, DataOf } from '@edp/shared/api/define';
import type { BulkAction } from '@edp/shared/contracts/devices';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

/** Every read a device change may alter (a device's activity gains an entry). */
const READS = [deviceList, deprecatedDeviceList, deviceDetail, deviceActivity, deviceOverview];

export type DeviceAddInput = BodyOf<typeof addDeviceCall>;
export type DevicePreview = DataOf<typeof previewDevices>;
/** Selected ids, or all that match a filter. */
export type DeviceTarget = BodyOf<typeof previewDevices>['target'];

// Add and edit toast nothing either: the form says "Device added" or "Device saved".
export function useAddDevice() {
  return useChange((input: DeviceAddInput) => callApi(addDeviceCall, input), READS);
}

export function useEditDevice() {
  return useChange((input: BodyOf<typeof editDeviceCall>) => callApi(editDeviceCall, input), READS);
}

/**
 * Lets the device's next enrolment in without its engine's proof, for 24 hours (a re-imaged
 * machine that lost its engine's key): answers until when. The caller says so.
 */
export function useAllowReenrol() {
  return useChange((id: string) => callApi(allowReenrol, { id }), READS);
}

/** How many devices, and which first few by name, a bulk action would touch. */
export function previewBulk(action: BulkAction, target: DeviceTarget): Promise<DevicePreview> {
  return callApi(previewDevices, { action, target });
}

export interface BulkInput {
  action: BulkAction;
  target: DeviceTarget;
  /** The group of a move. */
  groupId?: string;
}

/**
 * Runs a bulk action: deprecate (irreversible), move, or delete deprecated devices for good.
 * No toast here: the caller says what happened, with how many (`affected`).
 */
export function runBulk({ action, target, groupId }: BulkInput) {
  if (action === 'move') {
    return callApi(moveDevicesCall, { target, groupId: groupId ?? '' });
  }
  const call = action === 'deprecate' ? deprecateDevices : purgeDevices;
  return callApi(call, { target });
}

export function useBulk() {
  return useChange(runBulk, READS);
}
