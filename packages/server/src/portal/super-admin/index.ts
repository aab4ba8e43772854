/** The public entry of this module: other modules import only from here. */
export { vendorService, type VendorService } from './vendor-service.ts';
export { vendorAuditService, type VendorAuditService } from './vendor-audit-service.ts';
export { customerService, type CustomerService } from './customer-service.ts';
export type { CustomerFacts, CustomerTenant } from './customer-facts.ts';
