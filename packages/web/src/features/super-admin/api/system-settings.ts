import { useQuery } from '@tanstack/react-query';
import { saveSystemSettings, systemSettings } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { callQuery, useChange } from '../../../lib/api-query.ts';

export type SystemSettings = BodyOf<typeof saveSystemSettings>;

/** The vendor-wide settings; a failure is shown on the page, not toasted. */
export function useSystemSettings() {
  return useQuery(callQuery(systemSettings, {}, { silent: true }));
}

export function saveSettings({ successText, ...body }: SystemSettings & { successText: string }) {
  return callApi(saveSystemSettings, body, { success: successText });
}

export function useSaveSettings() {
  return useChange(saveSettings, [systemSettings]);
}
