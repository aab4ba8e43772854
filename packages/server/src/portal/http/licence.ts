import type { FastifyInstance } from 'fastify';
import {
  downloadIssueFile,
  issueElevation,
  issueLicence,
  issueLicences,
  licenceList,
  licenceRecords,
  subLicences,
  uploadLicenceRequest,
  uploadLicenceRequests,
  vendorPublicKey,
} from '@edp/shared/api/portal/licences.calls';
import { sendKept, sessionOf, serve } from '../../platform/http/index.ts';
import type {
  LicenceBatchService,
  LicencePageCache,
  LicenceReadService,
  LicenceService,
} from '../licence/index.ts';

/** My license, licence requests, certificates, elevation files and their download. */
export function licenceRoutes(
  app: FastifyInstance,
  {
    licences,
    licenceBatches,
    licencePages,
    licenceReads,
  }: {
    licences: LicenceService;
    licenceBatches: LicenceBatchService;
    licencePages: LicencePageCache;
    licenceReads: LicenceReadService;
  },
) {
  const companyOf = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).subjectId;

  serve(app, licenceList, (req, reply) => {
    const companyId = companyOf(req);
    const { status = 'all', page, pageSize } = req.body;
    return sendKept(reply, licencePages.pages, companyId, `${status}/${pageSize}/${page}`, () =>
      licenceReads.page(companyId, req.body),
    );
  });
  serve(app, subLicences, async (req) => ({
    list: await licenceReads.subLicences(companyOf(req), req.body.licenseId),
  }));
  serve(app, licenceRecords, (req) => {
    const { licenseId, ...page } = req.body;
    return licenceReads.ofLicence(companyOf(req), licenseId, page);
  });
  serve(app, uploadLicenceRequest, (req) => licences.upload(companyOf(req), req.body.file));
  serve(app, uploadLicenceRequests, (req) =>
    licenceBatches.upload(companyOf(req), req.body.files, req.locale),
  );
  serve(app, issueLicences, (req) => licenceBatches.issue(companyOf(req), req.body.items));
  serve(app, issueLicence, (req) =>
    licences.issue(companyOf(req), req.body.requestId, req.body.months),
  );
  serve(app, issueElevation, (req) =>
    licences.elevate(companyOf(req), req.body.deviceId, req.body.seconds),
  );
  serve(app, vendorPublicKey, async () => ({
    publicKeyPem: app.platform.vendorKeys.publicKeyPem,
    kid: app.platform.vendorKeys.kid,
    alg: 'ed25519' as const,
  }));
  serve(app, downloadIssueFile, async (req, reply) => {
    const file = await licences.download(companyOf(req), req.params.id);
    reply.header('Content-Type', 'application/octet-stream');
    reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
    reply.header('Cache-Control', 'no-store');
    return reply.send(file.fileText);
  });
}
