import type { FastifyInstance } from 'fastify';
import {
  allIssueRecords,
  deviceInfo,
  deviceIssueRecords,
  engineList,
} from '@edp/shared/api/portal/devices.calls';
import { sessionOf, serve } from '../../platform/http/index.ts';
import type { EngineReadService } from '../device/index.ts';
import type { LicenceReadService } from '../licence/index.ts';

/** My engine: engines, a device's detail, and issue records by device or all. */
export function deviceRoutes(
  app: FastifyInstance,
  {
    engineReads,
    licenceReads,
  }: {
    engineReads: EngineReadService;
    licenceReads: LicenceReadService;
  },
) {
  serve(app, engineList, (req) => engineReads.page(sessionOf(req).subjectId, req.body));
  serve(app, deviceInfo, (req) =>
    engineReads.deviceInfo(sessionOf(req).subjectId, req.body.deviceId),
  );
  serve(app, deviceIssueRecords, (req) => {
    const { deviceId, ...page } = req.body;
    return engineReads.records(sessionOf(req).subjectId, deviceId, page);
  });
  serve(app, allIssueRecords, (req) => {
    const { type, ...page } = req.body;
    return licenceReads.records(sessionOf(req).subjectId, { type }, page);
  });
}
