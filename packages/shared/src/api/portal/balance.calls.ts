import { ZListRequest } from '../../contracts/common.ts';
import { ZBalanceResult, ZRecharge, ZRechargeResult } from '../../contracts/com.ts';
import { call, companyAccess } from '../define.ts';

/** My balance: recharge with a code, and the balance with its history. */
export const recharge = call({
  method: 'POST',
  path: '/com/recharge',
  access: companyAccess,
  tag: 'com',
  summary: 'Redeem a recharge code (single use)',
  body: ZRecharge,
  data: ZRechargeResult,
  rateLimit: 'strict',
});

export const balanceHistory = call({
  method: 'POST',
  path: '/com/my/balance',
  access: companyAccess,
  tag: 'com',
  summary: 'Balance in months and its history, newest first',
  body: ZListRequest,
  data: ZBalanceResult,
});
