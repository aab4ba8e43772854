import { useMutation } from '@tanstack/react-query';
import type { TOwnerReg } from '@edp/shared/contracts/owner-admin';
import { post } from '../../../lib/http.ts';

export const OWNER_REG_PATH = '/owner/n/reg';

/** Initial setup: the tenant, its system administrator and the optional duties. */
export function ownerReg(body: TOwnerReg): Promise<{ ownerId: string; domain: string }> {
  return post<{ ownerId: string; domain: string }>(OWNER_REG_PATH, body);
}

export function useOwnerReg() {
  return useMutation({ mutationFn: ownerReg });
}
