import { useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const REG_STATE_PATH = '/owner/n/reg/state';

export interface RegState {
  open: boolean;
  registered: boolean;
}

/** Whether the initial setup is open (fresh install) and this host already has a tenant. */
export function getRegState(): Promise<RegState> {
  return post<RegState>(REG_STATE_PATH, {}, { silent: true });
}

export function useRegState() {
  return useQuery({ queryKey: ['admin', 'reg-state'], queryFn: getRegState, retry: false });
}
