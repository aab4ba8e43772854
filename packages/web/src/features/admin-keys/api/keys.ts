import { useQuery } from '@tanstack/react-query';
import {
  askRecovery,
  cancelRecovery,
  cancelSplit,
  closeIncident,
  confirmShare,
  declareIncident,
  deviceEscrow,
  downloadRecovery,
  downloadShare,
  escrowList,
  finishEscrowRotation,
  incidentList,
  initKeys,
  keyStatus,
  noteIncident,
  presentShare,
  recoveryList,
  rotateDeviceKeys,
  rotateEscrowKey,
  rotateWindowKey,
  splitKeys,
} from '@edp/shared/api/console/keys.calls';
import type { BodyOf } from '@edp/shared/api/define';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';
import { downloadApiFile } from '../../../lib/download-file.ts';

/**
 * The key manager's calls (docs/keys.md, shared/src/api/console/keys.calls.ts). Reads are
 * silent: the pages show a failed load in place with a retry. Changes refresh the status, and
 * the lists they touch; refusals are toasted by the HTTP client in the reader's language.
 */
export type EscrowListParams = BodyOf<typeof escrowList>;
export type RecoveryListParams = BodyOf<typeof recoveryList>;
export type ProtectWith = BodyOf<typeof downloadShare>['protect'];
export type IncidentListParams = BodyOf<typeof incidentList>;
export type IncidentDeclare = BodyOf<typeof declareIncident>;

/** While a recovery is open others present their shares: its list is read again this often. */
export const OPEN_RECOVERY_MS = 5_000;

/**
 * While a rotation is under way the engines move over at their check-ins: the status (and its
 * progress) is read again this often; an incident open is read again as often (its live count).
 */
export const ROTATION_REFRESH_MS = 5_000;

export function useKeyStatus() {
  return useQuery({
    ...callQuery(keyStatus, {}, { silent: true }),
    refetchInterval: (q) =>
      q.state.data?.escrowRotation || q.state.data?.windowKey?.rotation
        ? ROTATION_REFRESH_MS
        : false,
  });
}

export function useInitKeys() {
  return useChange(
    (body: BodyOf<typeof initKeys>) => callApi(initKeys, body, { success: true }),
    [keyStatus],
  );
}

export function useSplitKeys() {
  return useChange((body: BodyOf<typeof splitKeys>) => callApi(splitKeys, body), [keyStatus]);
}

export function useCancelSplit() {
  return useChange(() => callApi(cancelSplit, {}), [keyStatus]);
}

export function useConfirmShare() {
  return useChange((share: string) => callApi(confirmShare, { share }), [keyStatus]);
}

export function useEscrowList(params: EscrowListParams, enabled = true) {
  return useQuery({ ...callQuery(escrowList, params, { silent: true }), enabled });
}

export function useDeviceEscrow(deviceId: string, enabled = true) {
  return useQuery({ ...callQuery(deviceEscrow, { deviceId }, { silent: true }), enabled });
}

export function useRecoveries(params: RecoveryListParams, enabled = true) {
  return useQuery({
    ...callQuery(recoveryList, params, { silent: true }),
    enabled,
    refetchInterval: (q) =>
      q.state.data?.items.some((r) => r.state === 'open') ? OPEN_RECOVERY_MS : false,
  });
}

export function useAskRecovery() {
  return useChange(
    (body: BodyOf<typeof askRecovery>) => callApi(askRecovery, body),
    [recoveryList],
  );
}

export function usePresentShare() {
  return useChange(
    (body: BodyOf<typeof presentShare>) => callApi(presentShare, body),
    [recoveryList],
  );
}

export function useCancelRecovery() {
  return useChange((id: string) => callApi(cancelRecovery, { id }), [recoveryList]);
}

export function useRotateEscrowKey() {
  return useChange(() => callApi(rotateEscrowKey, {}), [keyStatus]);
}

export function useFinishEscrowRotation() {
  return useChange(() => callApi(finishEscrowRotation, { confirm: true }), [keyStatus]);
}

export function useRotateWindowKey() {
  return useChange(() => callApi(rotateWindowKey, {}), [keyStatus]);
}

/** A task rotates the devices' data keys: its id comes back, the escrow list may change. */
export function useRotateDeviceKeys() {
  return useChange(
    (body: BodyOf<typeof rotateDeviceKeys>) => callApi(rotateDeviceKeys, body),
    [escrowList, keyStatus],
  );
}

export function useIncidents(params: IncidentListParams, enabled = true) {
  return useQuery({
    ...callQuery(incidentList, params, { silent: true }),
    enabled,
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.state === 'open') ? ROTATION_REFRESH_MS : false,
  });
}

/** An incident starts its action at once (a split, a rotation): the status changes too. */
export function useDeclareIncident() {
  return useChange(
    (body: IncidentDeclare) => callApi(declareIncident, body),
    [incidentList, keyStatus],
  );
}

export function useNoteIncident() {
  return useChange(
    (body: BodyOf<typeof noteIncident>) => callApi(noteIncident, body),
    [incidentList],
  );
}

export function useCloseIncident() {
  return useChange(
    (body: BodyOf<typeof closeIncident>) => callApi(closeIncident, body),
    [incidentList],
  );
}

/**
 * The caller's share as an age file, once (a POST that answers a file), saved under the
 * server's name; the status is read again (the share is downloaded now).
 */
export function useSaveShare() {
  return useChange(
    (protect: ProtectWith) =>
      downloadApiFile(downloadShare.path, 'edp-share.age', { body: { protect } }),
    [keyStatus],
  );
}

/** The recovery file, once, to its requester; the list is read again (delivered now). */
export function useSaveRecoveryFile() {
  return useChange(
    (id: string) => downloadApiFile(downloadRecovery.path, 'edp-recovery.age', { body: { id } }),
    [recoveryList],
  );
}

/** Whether recoveries can be asked: keys initialised and an active split (dual control on). */
export function mayRecover(status: TKeyStatus | undefined): boolean {
  return !!status?.initialised && !!status.activeSplit;
}
