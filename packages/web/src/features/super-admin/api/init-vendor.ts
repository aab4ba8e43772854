import { vendorCheck, vendorInit } from '@edp/shared/api/portal/vendor.calls';
import type { BodyOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';
import { md5Hex } from '../../../lib/md5.ts';

/** The first super administrator, with the password in clear text (hashed here). */
export type VendorInitInput = Omit<BodyOf<typeof vendorInit>, 'password'> & {
  password: string;
  successText: string;
};

export function initVendor({ account, password, successText }: VendorInitInput) {
  return callApi(
    vendorInit,
    { account: account.trim(), password: md5Hex(password) },
    { success: successText },
  );
}

export function useInitVendor() {
  return useChange(initVendor, [vendorCheck]);
}
