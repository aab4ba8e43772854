import type { FastifyInstance } from 'fastify';
import {
  activateTenant,
  deleteTenant,
  editTenant,
  tenantList,
} from '@edp/shared/api/portal/tenants.calls';
import {
  companyList,
  deletePackage,
  makeRechargeCodes,
  packageList,
  savePackage,
  saveSystemSettings,
  systemSettings,
  vendorCaptcha,
  vendorCheck,
  vendorInit,
  vendorLogin,
  vendorLogout,
} from '@edp/shared/api/portal/vendor.calls';
import { Answer, serve, endSession, sendCaptcha } from '../../platform/http/index.ts';
import type { Services } from '../../services.ts';
import { originOf } from './origin.ts';

/** The vendor's super administrator under /sa: sign-in, packages and codes, companies, tenants. */
export function vendorRoutes(app: FastifyInstance, { vendor, vendorTenants, tenants }: Services) {
  serve(app, vendorCaptcha, (_req, reply) => sendCaptcha(app, reply, 'vendor'));
  serve(app, vendorCheck, async () => ({ initialized: await vendor.isInitialized() }));
  serve(app, vendorInit, async (req) => {
    await vendor.init(req.body.account, req.body.password);
  });
  serve(app, vendorLogin, (req) => {
    const { account, password, captcha } = req.body;
    return vendor.login(account, password, captcha, originOf(req, 'vendor'));
  });
  serve(app, vendorLogout, (req) => endSession(app, req));

  serve(app, packageList, (req) => vendor.packages(req.body));
  serve(
    app,
    savePackage,
    async (req) =>
      new Answer(await vendor.savePackage(req.body), req.body.id ? 'modified' : 'created'),
  );
  serve(app, deletePackage, async (req) => {
    await vendor.deletePackage(req.body.id);
  });
  serve(app, makeRechargeCodes, (req) => vendor.makeCodes(req.body.packageId, req.body.count));
  serve(app, companyList, (req) => vendor.companies(req.body));

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
