/** The public entry of this module: other modules import only from here. */
export { vendorService, type VendorService } from './vendor-service.ts';
export { vendorAuditService, type VendorAuditService } from './vendor-audit-service.ts';
