import { engineList, deviceInfo, deviceIssueRecords } from '@edp/shared/api/portal/devices.calls';
import { balanceHistory, recharge as rechargeCall } from '@edp/shared/api/portal/balance.calls';
import { licenceList, licenceRecords, subLicences } from '@edp/shared/api/portal/licences.calls';
import type { DataOf } from '@edp/shared/api/define';
import { callApi } from '../../../lib/api.ts';
import { useChange } from '../../../lib/api-query.ts';

export type RechargeAnswer = DataOf<typeof rechargeCall>;

/** Redeems a vendor recharge code (single use). */
export function recharge(code: string) {
  return callApi(rechargeCall, { code });
}

/** Then refreshes every portal list (the balance shows on several pages). */
export function useRecharge() {
  return useChange(recharge, [
    balanceHistory,
    licenceList,
    subLicences,
    licenceRecords,
    engineList,
    deviceInfo,
    deviceIssueRecords,
  ]);
}
