import type { FastifyInstance } from 'fastify';
import {
  activateTenant,
  deleteTenant,
  editTenant,
  tenantList,
} from '@edp/shared/api/portal/tenants.calls';
import { saveSystemSettings, systemSettings } from '@edp/shared/api/portal/vendor.calls';
import { serve } from '../../platform/http/index.ts';
import type { TenantService, VendorTenantService } from '../tenants/index.ts';

/**
 * The console's tenants as the vendor's super administrator runs them (/sa/ows…, a vendor
 * session), and the system settings that say who may set one up.
 */
export function vendorTenantRoutes(
  app: FastifyInstance,
  { vendorTenants, tenants }: { vendorTenants: VendorTenantService; tenants: TenantService },
) {
  serve(app, tenantList, (req) => vendorTenants.list(req.body));
  serve(app, activateTenant, async (req) => {
    await vendorTenants.activate(req.body.id, req.body.active, req.ip);
  });
  serve(app, editTenant, async (req) => {
    await vendorTenants.edit(req.body, req.ip);
  });
  serve(app, deleteTenant, async (req) => {
    await vendorTenants.del(req.body.id);
  });
  serve(app, systemSettings, () => tenants.systemSettings());
  serve(app, saveSystemSettings, async (req) => {
    await tenants.saveSystemSettings(req.body);
  });
}
