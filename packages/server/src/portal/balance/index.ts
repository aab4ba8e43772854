/** The public entry of this module: other modules import only from here. */
export * from './balance-repository.ts';
export * from './recharge-service.ts';
