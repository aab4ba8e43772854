import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEnvelope, ZList } from '@edp/shared/contracts/common';
import {
  ZAllRecordsRequest,
  ZDeviceInfo,
  ZDeviceList,
  ZDeviceListRequest,
  ZDeviceRecordsRequest,
  ZDeviceRef,
  ZIssueRecord,
} from '@edp/shared/contracts/com';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../lib/app-error.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { deviceQueries } from '../../modules/device/device-queries.ts';
import { licenceQueries } from '../../modules/licence/licence-queries.ts';

const tags = ['com'];
const security = [{ token: [] }];

/** My engine: engines, a device's detail, and issue records by device or all. */
export const comDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const devices = deviceQueries(app.db);
  const records = licenceQueries(app.db);
  const onRequest = app.requireSession('company');

  app.post(
    '/my/device',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My engines with licence state, and counts per device type',
        body: ZDeviceListRequest,
        response: { 200: ZEnvelope(ZDeviceList) },
      },
    },
    async (req, reply) => reply.ok(await devices.enginePage(sessionOf(req).subjectId, req.body)),
  );

  app.post(
    '/dv/info',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'A device: its engines, licences and latest issue records',
        body: ZDeviceRef,
        response: { 200: ZEnvelope(ZDeviceInfo) },
      },
    },
    async (req, reply) =>
      reply.ok(await devices.deviceInfo(sessionOf(req).subjectId, req.body.deviceId)),
  );

  app.post(
    '/device/issue/record',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Issue records of one device, newest first',
        body: ZDeviceRecordsRequest,
        response: { 200: ZEnvelope(ZList(ZIssueRecord)) },
      },
    },
    async (req, reply) => {
      const companyId = sessionOf(req).subjectId;
      const { deviceId, ...page } = req.body;
      if (!(await devices.deviceExists(companyId, deviceId))) {
        throw new AppError(CommonErr.NotFound);
      }
      return reply.ok(await records.recordPage(companyId, { deviceId }, page));
    },
  );

  app.post(
    '/all/issue/record',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'All issue records of the company, newest first',
        body: ZAllRecordsRequest,
        response: { 200: ZEnvelope(ZList(ZIssueRecord)) },
      },
    },
    async (req, reply) => {
      const { type, ...page } = req.body;
      return reply.ok(await records.recordPage(sessionOf(req).subjectId, { type }, page));
    },
  );
};
