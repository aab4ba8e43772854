import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http.ts';

export const MY_INFO_UPDATE_PATH = '/user/update/my-info';

export function updateMyInfo({ name, successText }: { name: string; successText: string }) {
  return post<void>(MY_INFO_UPDATE_PATH, { name }, { success: successText });
}

export function useUpdateMyInfo() {
  return useMutation({ mutationFn: updateMyInfo });
}
