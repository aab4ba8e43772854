import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const DELETE_PACKAGE_PATH = '/sa/pk/del';

/** Hides a package; codes already handed out stay redeemable (docs/portal.md). */
export function deletePackage({ id, successText }: { id: string; successText: string }) {
  return post<void>(DELETE_PACKAGE_PATH, { id }, { success: successText });
}

export function useDeletePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sa', 'packages'] }),
  });
}
