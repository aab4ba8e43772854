import type { FastifyInstance } from 'fastify';
import {
  allIssueRecords,
  deviceInfo,
  deviceIssueRecords,
  engineList,
} from '@edp/shared/api/portal/devices.calls';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { sessionOf, serve } from '../../platform/http/index.ts';
import type { Services } from '../../services.ts';

/** My engine: engines, a device's detail, and issue records by device or all. */
export function deviceRoutes(app: FastifyInstance, { devices, licenceQueries }: Services) {
  serve(app, engineList, (req) => devices.enginePage(sessionOf(req).subjectId, req.body));
  serve(app, deviceInfo, (req) => devices.deviceInfo(sessionOf(req).subjectId, req.body.deviceId));
  serve(app, deviceIssueRecords, async (req) => {
    const companyId = sessionOf(req).subjectId;
    const { deviceId, ...page } = req.body;
    if (!(await devices.deviceExists(companyId, deviceId))) throw new AppError(CommonErr.NotFound);
    return licenceQueries.recordPage(companyId, { deviceId }, page);
  });
  serve(app, allIssueRecords, (req) => {
    const { type, ...page } = req.body;
    return licenceQueries.recordPage(sessionOf(req).subjectId, { type }, page);
  });
}
