import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const EDIT_PACKAGE_PATH = '/sa/pk/edit';

export interface PackageInput {
  id?: string | undefined;
  name: string;
  months: number;
}

/** Creates a package (no id) or changes one. */
export function editPackage(input: PackageInput & { successText: string }) {
  const { successText, ...body } = input;
  return post<{ id: string }>(EDIT_PACKAGE_PATH, body, { success: successText });
}

export function useEditPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sa', 'packages'] }),
  });
}
