/** The public entry of this module: other modules import only from here. */
export { balanceService } from './balance-service.ts';
export { rechargeCodeHash, rechargeService } from './recharge-service.ts';
