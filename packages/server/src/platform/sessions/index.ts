/** The public entry of this module: other modules import only from here. */
export * from './session-repository.ts';
export * from './session-service.ts';
export type { VendorActor, VendorAuditEntry, VendorAuditRecord } from './vendor-actor.ts';
