import { useMutation } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const MY_PWD_PATH = '/user/update/my-pwd';

export interface MyPwdInput {
  oldPassword: string;
  newPassword: string;
  successText: string;
}

export function updateMyPwd({ oldPassword, newPassword, successText }: MyPwdInput) {
  return post<void>(
    MY_PWD_PATH,
    { oldPassword: md5Hex(oldPassword), newPassword: md5Hex(newPassword) },
    { success: successText },
  );
}

export function useUpdateMyPwd() {
  return useMutation({ mutationFn: updateMyPwd });
}
