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
  label: { 'zh-CN': '充值', 'en-US': 'Recharge' },
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
  label: { 'zh-CN': '查看余额', 'en-US': 'View balance' },
  body: ZListRequest,
  data: ZBalanceResult,
});
