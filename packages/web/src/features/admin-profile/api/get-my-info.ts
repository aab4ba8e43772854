import { useQuery } from '@tanstack/react-query';
import type { TUserInfo } from '@edp/shared/contracts/login';
import { post } from '../../../lib/http.ts';

export const MY_INFO_PATH = '/user/my/info';

export function getMyInfo(): Promise<TUserInfo> {
  return post<TUserInfo>(MY_INFO_PATH, {}, { silent: true });
}

/** The signed-in user afresh (role, menus and proxies may have changed since the login). */
export function useMyInfo(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'me'], queryFn: getMyInfo, enabled, retry: false });
}
