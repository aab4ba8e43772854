import { useQuery } from '@tanstack/react-query';
import { logBackups, logSettings, setLogSettings } from '@edp/shared/api/console/logs.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

/** The logs' retention and backup switch. */
export function useLogSettings() {
  return useQuery(callQuery(logSettings));
}

/** The tenant's log backups, newest first. */
export function useLogBackups() {
  return useQuery(callQuery(logBackups));
}

export function saveLogSettings(body: BodyOf<typeof setLogSettings>) {
  return callApi(setLogSettings, body, { success: true });
}

/** Saves, then reads the settings again. */
export function useSaveLogSettings() {
  return useChange(saveLogSettings, [logSettings]);
}
