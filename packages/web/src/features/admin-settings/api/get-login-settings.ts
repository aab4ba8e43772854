import { useQuery } from '@tanstack/react-query';
import { loginSettings } from '@edp/shared/api/console/login.calls';
import { callApi } from '../../../lib/api.ts';
import { callQuery } from '../../../lib/api-query.ts';

export function getLoginSettings() {
  return callApi(loginSettings);
}

export function useLoginSettings() {
  return useQuery(callQuery(loginSettings));
}
