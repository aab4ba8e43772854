/** The public entry of this module: other modules import only from here. */
export { balanceService, type BalanceService, type IssuePayment } from './balance-service.ts';
export { rechargeService, type RechargeService } from './recharge-service.ts';
