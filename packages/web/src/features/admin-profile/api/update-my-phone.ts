import { myInfo, updateMyPhone as updateMyPhoneCall } from '@edp/shared/api/console/profile.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { md5Hex } from '../../../lib/md5.ts';

/** The new phone and the password in clear text (hashed here), with the success toast text. */
export type MyPhoneInput = Omit<BodyOf<typeof updateMyPhoneCall>, 'password'> & {
  password: string;
  successText: string;
};

export function updateMyPhone({ password, phone, successText }: MyPhoneInput) {
  return callApi(
    updateMyPhoneCall,
    { password: md5Hex(password), phone: phone.trim() },
    { success: successText },
  );
}

/** Then refreshes my info (the layout shows it). */
export function useUpdateMyPhone() {
  return useChange(updateMyPhone, [myInfo]);
}
