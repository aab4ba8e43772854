import { useQuery } from '@tanstack/react-query';
import type { TLoginSettings } from '@edp/shared/contracts/login';
import { post } from '../../../lib/http.ts';

export const GET_LOGIN_SETTINGS_PATH = '/login/s/get-set';

export function getLoginSettings(): Promise<TLoginSettings> {
  return post<TLoginSettings>(GET_LOGIN_SETTINGS_PATH);
}

export function useLoginSettings() {
  return useQuery({ queryKey: ['admin', 'login-settings'], queryFn: getLoginSettings });
}
