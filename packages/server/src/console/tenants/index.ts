/** The public entry of this module: other modules import only from here. */
export {
  DEFAULT_LOCK_COUNT,
  defaultLoginSettings,
  loginScope,
  loginSettingsOf,
  publicLoginSet,
  storedLoginSettings,
} from './login-settings.ts';
export { domainOf, resolveTenant } from './resolve.ts';
export { setupService, type SetupService } from './setup-service.ts';
export {
  defaultOwnerInfo,
  tenantInfoService,
  type TenantInfoService,
} from './tenant-info-service.ts';
export {
  defaultSystemSettings,
  tenantService,
  type TenantRow,
  type TenantService,
} from './tenant-service.ts';
export { recordVendorChange } from './vendor-change.ts';
export { vendorTenantService, type VendorTenantService } from './vendor-tenant-service.ts';
