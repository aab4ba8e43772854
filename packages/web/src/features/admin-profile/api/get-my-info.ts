import { useQuery } from '@tanstack/react-query';
import { myInfo } from '@edp/shared/api/console/profile.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getMyInfo() {
  return callApi(myInfo, {}, { silent: true });
}

/** The signed-in user afresh (role, menus and proxies may have changed since the login). */
export function useMyInfo(enabled: boolean) {
  return useQuery({ ...callQuery(myInfo, undefined, { silent: true }), enabled, retry: false });
}
