import type { FastifyInstance } from 'fastify';
import {
  customerBalance,
  customerDetail,
  customerLicences,
  customerList,
  exportCustomers,
  reportedVersions,
} from '@edp/shared/api/portal/customers.calls';
import {
  deletePackage,
  makeRechargeCodes,
  packageList,
  savePackage,
  vendorCaptcha,
  vendorAuditList,
  vendorCheck,
  vendorInit,
  vendorLogin,
  vendorLogout,
} from '@edp/shared/api/portal/vendor.calls';
import {
  Answer,
  serve,
  endSession,
  sendCaptcha,
  sendFile,
  vendorActorOf,
} from '../../platform/http/index.ts';
import type { CustomerService, VendorAuditService, VendorService } from '../super-admin/index.ts';
import { originOf } from './origin.ts';

/**
 * The vendor's super administrator under /sa: sign-in, packages and codes, customers. The tenants
 * and the system settings they are set up under are the console's (console/http/vendor-tenants.ts).
 * Every change is in the vendor's audit log (`/sa/audit`).
 */
export function vendorRoutes(
  app: FastifyInstance,
  {
    vendor,
    vendorAudit,
    customers,
  }: { vendor: VendorService; vendorAudit: VendorAuditService; customers: CustomerService },
) {
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
      new Answer(
        await vendor.savePackage(vendorActorOf(req), req.body),
        req.body.id ? 'modified' : 'created',
      ),
  );
  serve(app, deletePackage, async (req) => {
    await vendor.deletePackage(vendorActorOf(req), req.body.id);
  });
  serve(app, makeRechargeCodes, (req) =>
    vendor.makeCodes(vendorActorOf(req), req.body.packageId, req.body.count),
  );
  // Reads, like every list: not in the vendor's audit log.
  serve(app, customerList, (req) => customers.list(req.body));
  serve(app, exportCustomers, (req, reply) =>
    sendFile(reply, {
      name: customers.fileName(req.query),
      format: req.query.format,
      chunks: customers.file(req.query, req.locale),
    }),
  );
  serve(app, customerDetail, (req) => customers.detail(req.body.id));
  serve(app, customerLicences, (req) => {
    const { companyId, ...page } = req.body;
    return customers.licences(companyId, page);
  });
  serve(app, customerBalance, (req) => {
    const { companyId, ...page } = req.body;
    return customers.balance(companyId, page);
  });
  serve(app, reportedVersions, () => customers.reportedVersions());
  serve(app, vendorAuditList, (req) => vendorAudit.list(req.body, req.locale));
}
