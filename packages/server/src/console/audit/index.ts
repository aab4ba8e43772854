/** The public entry of this module: other modules import only from here. */
export * from './audit-query-service.ts';
export * from './audit-service.ts';
