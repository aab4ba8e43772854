import { useMutation } from '@tanstack/react-query';
import { md5Hex } from '../../../lib/md5.ts';
import { post } from '../../../lib/http.ts';

export const MY_PHONE_PATH = '/user/update/my-phone';

export interface MyPhoneInput {
  password: string;
  phone: string;
  successText: string;
}

export function updateMyPhone({ password, phone, successText }: MyPhoneInput) {
  return post<void>(
    MY_PHONE_PATH,
    { password: md5Hex(password), phone: phone.trim() },
    { success: successText },
  );
}

export function useUpdateMyPhone() {
  return useMutation({ mutationFn: updateMyPhone });
}
