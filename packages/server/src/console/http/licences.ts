import type { FastifyInstance } from 'fastify';
import {
  activate,
  activationRequest,
  deviceLicenceRecords,
  finalize,
  heldLicence,
  renew,
  renewalRequest,
  requestArchive,
  tenantLicences,
} from '@edp/shared/api/console/licences.calls';
import { serve } from '../../platform/http/index.ts';
import type { DeviceLicenceService } from '../licences/index.ts';
import { callerOf } from './console-guard.ts';

/** Activation and renewal, and the licence view (docs/licences.md). */
export function licenceRoutes(
  app: FastifyInstance,
  { deviceLicences: licences }: { deviceLicences: DeviceLicenceService },
) {
  serve(app, activationRequest, (req) =>
    licences.requestFile(callerOf(req), req.body.deviceId, req.body.months, 'activate'),
  );
  serve(app, renewalRequest, (req) =>
    licences.requestFile(callerOf(req), req.body.deviceId, req.body.months, 'renew'),
  );
  serve(app, requestArchive, (req) =>
    licences.requestArchive(callerOf(req), req.body.target, req.body.months),
  );
  serve(app, activate, (req) =>
    licences.install(callerOf(req), req.body.deviceId, req.body.certificate, 'activate'),
  );
  serve(app, renew, (req) =>
    licences.install(callerOf(req), req.body.deviceId, req.body.certificate, 'renew'),
  );
  serve(app, finalize, (req) =>
    licences.installMany(
      callerOf(req),
      req.body.certificates,
      req.body.expiresInHours,
      req.locale,
      req.body.archives,
    ),
  );
  serve(app, heldLicence, (req) => licences.held(callerOf(req), req.body.deviceId));
  serve(app, tenantLicences, (req) => licences.list(callerOf(req), req.body));
  serve(app, deviceLicenceRecords, (req) => licences.records(callerOf(req), req.body.deviceId));
}
