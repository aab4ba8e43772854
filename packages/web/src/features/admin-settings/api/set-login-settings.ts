import { loginSettings, saveLoginSettings } from '@edp/shared/api/console/login.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { tenantInfo } from '@edp/shared/api/platform.calls';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export function setLoginSettings(settings: BodyOf<typeof saveLoginSettings>) {
  return callApi(saveLoginSettings, settings, { success: true });
}

/** Saves, then refreshes the settings and the owner info the login page reads. */
export function useSetLoginSettings() {
  return useChange(setLoginSettings, [loginSettings, tenantInfo]);
}
