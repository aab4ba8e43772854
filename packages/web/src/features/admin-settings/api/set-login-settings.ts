import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLoginSettings } from '@edp/shared/contracts/login';
import { post } from '../../../lib/http.ts';
import { ownerDomainQuery } from '../../owner/api/get-owner-domain.ts';

export const SET_LOGIN_SETTINGS_PATH = '/login/s/set';

export function setLoginSettings(settings: TLoginSettings): Promise<void> {
  return post<void>(SET_LOGIN_SETTINGS_PATH, settings, { success: true });
}

/** Saves, then refreshes the settings and the owner info the login page reads. */
export function useSetLoginSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: setLoginSettings,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'login-settings'] }),
        client.invalidateQueries({ queryKey: ownerDomainQuery.queryKey }),
      ]),
  });
}
