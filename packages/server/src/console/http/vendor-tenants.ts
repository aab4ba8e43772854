import type { FastifyInstance } from 'fastify';
import {
  activateTenant,
  deleteTenant,
  editTenant,
  ownerUserList,
  ownerUserPassword,
  tenantList,
} from '@edp/shared/api/portal/tenants.calls';
import { saveSystemSettings, systemSettings } from '@edp/shared/api/portal/vendor.calls';
import { serve, vendorActorOf } from '../../platform/http/index.ts';
import type { TenantService, VendorTenantService } from '../tenants/index.ts';
import type { VendorUserService } from '../users/index.ts';

/**
 * The console's tenants and their users as the vendor's super administrator runs them (/sa/ows…,
 * /sa/ous, /sa/oup, a vendor session), and the system settings that say who may set one up.
 */
export function vendorTenantRoutes(
  app: FastifyInstance,
  {
    vendorTenants,
    vendorUsers,
    tenants,
  }: {
    vendorTenants: VendorTenantService;
    vendorUsers: VendorUserService;
    tenants: TenantService;
  },
) {
  serve(app, tenantList, (req) => vendorTenants.list(req.body));
  serve(app, activateTenant, async (req) => {
    await vendorTenants.activate(vendorActorOf(req), req.body.id, req.body.active);
  });
  serve(app, editTenant, async (req) => {
    await vendorTenants.edit(vendorActorOf(req), req.body);
  });
  serve(app, deleteTenant, async (req) => {
    await vendorTenants.del(vendorActorOf(req), req.body.id);
  });
  serve(app, ownerUserList, (req) => vendorUsers.list(req.body));
  serve(app, ownerUserPassword, async (req) => {
    const { tenantId, id, password } = req.body;
    await vendorUsers.setPassword(vendorActorOf(req), tenantId, id, password);
  });
  serve(app, systemSettings, () => tenants.systemSettings());
  serve(app, saveSystemSettings, async (req) => {
    await vendorTenants.saveSystemSettings(vendorActorOf(req), req.body);
  });
}
