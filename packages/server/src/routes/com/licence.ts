import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmpty, ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  MAX_UPLOAD_BASE64,
  ZDownloadParams,
  ZElevationRequest,
  ZElevationResult,
  ZIssueRecord,
  ZIssueRequest,
  ZIssueResult,
  ZLicenceItem,
  ZLicenceListRequest,
  ZLicenceRecordsRequest,
  ZLicenceRef,
  ZSubLicenceList,
  ZUploadRequest,
  ZUploadResult,
  ZVendorKey,
} from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { licenceService } from '../../modules/licence/licence-service.ts';
import { licenceQueries } from '../../modules/licence/licence-queries.ts';

const tags = ['com'];
const security = [{ token: [] }];

/** My license, licence requests, certificates, elevation files and their download. */
export const comLicenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = licenceService(app);
  const queries = licenceQueries(app.db);
  const onRequest = app.requireSession('company');
  const companyOf = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).subjectId;

  app.post(
    '/my/license',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My licences, soonest expiry first; status filters normal/expiring/expired',
        body: ZLicenceListRequest,
        response: { 200: ZEnvelope(ZList(ZLicenceItem)) },
      },
    },
    async (req, reply) => {
      const companyId = companyOf(req);
      const { status = 'all', page, pageSize } = req.body;
      return app.licencePages.send(reply, companyId, `${status}/${pageSize}/${page}`, () =>
        queries.licencePage(companyId, req.body),
      );
    },
  );

  app.post(
    '/my/license/sub',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sub-licences: the engines a licence authorises',
        body: ZLicenceRef,
        response: { 200: ZEnvelope(ZSubLicenceList) },
      },
    },
    async (req, reply) =>
      reply.ok({ list: await queries.subLicences(companyOf(req), req.body.licenseId) }),
  );

  app.post(
    '/my/license/record',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Issue and renewal records of a licence, newest first',
        body: ZLicenceRecordsRequest,
        response: { 200: ZEnvelope(ZList(ZIssueRecord)) },
      },
    },
    async (req, reply) => {
      const companyId = companyOf(req);
      const { licenseId, ...page } = req.body;
      if (!(await queries.licenceExists(companyId, licenseId))) {
        throw new AppError(CommonErr.NotFound);
      }
      return reply.ok(await queries.recordPage(companyId, { licenceId: licenseId }, page));
    },
  );

  app.post(
    '/auth/device',
    {
      onRequest,
      // base64 of a .dat of up to 10 MiB (UPLOAD_BODY_LIMIT) plus the JSON around it.
      bodyLimit: MAX_UPLOAD_BASE64 + 4096,
      schema: {
        tags,
        security,
        summary: 'Upload a licence request (.dat, base64); answers what issuing it costs',
        body: ZUploadRequest,
        response: { 200: ZEnvelope(ZUploadResult) },
      },
    },
    async (req, reply) => reply.ok(await service.upload(companyOf(req), req.body.file)),
  );

  app.post(
    '/issue',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sign the certificate and deduct its months in one transaction (idempotent)',
        body: ZIssueRequest,
        response: { 200: ZEnvelope(ZIssueResult) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.issue(companyOf(req), req.body.requestId, req.body.months)),
  );

  app.post(
    '/ele',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sign a time-limited elevation file for a licensed device',
        body: ZElevationRequest,
        response: { 200: ZEnvelope(ZElevationResult) },
      },
    },
    async (req, reply) =>
      reply.ok(await service.elevate(companyOf(req), req.body.deviceId, req.body.seconds)),
  );

  app.post(
    '/ca',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The vendor public key that verifies certificates',
        body: ZEmpty,
        response: { 200: ZEnvelope(ZVendorKey) },
      },
    },
    async (_req, reply) =>
      reply.ok({
        publicKeyPem: app.vendorKeys.publicKeyPem,
        kid: app.vendorKeys.kid,
        alg: 'ed25519' as const,
      }),
  );

  app.get(
    '/dw/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Download the certificate (.lic) or elevation file (.ele) of an issue record',
        params: ZDownloadParams,
      },
    },
    async (req, reply) => {
      const file = await service.download(companyOf(req), req.params.id);
      reply.header('Content-Type', 'application/octet-stream');
      reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      reply.header('Cache-Control', 'no-store');
      return reply.send(file.fileText);
    },
  );
};
