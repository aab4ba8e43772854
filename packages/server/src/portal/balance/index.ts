/** The public entry of this module: other modules import only from here. */
export { balanceService, type BalanceService } from './balance-service.ts';
export { rechargeCodeHash, rechargeService, type RechargeService } from './recharge-service.ts';
