import type { FastifyInstance } from 'fastify';
import {
  addDevice,
  allowReenrol,
  deprecateDevices,
  deprecatedDeviceList,
  deviceActivity,
  deviceDetail,
  deviceList,
  deviceOverview,
  editDevice,
  enrolSecretList,
  addEnrolSecret,
  exportDevices,
  moveDevices,
  previewDevices,
  purgeDevices,
  revokeEnrolSecret,
  rotateEnrolSecret,
} from '@edp/shared/api/console/devices.calls';
import { sendFile, serve } from '../../platform/http/index.ts';
import type {
  DeviceCounts,
  DeviceExport,
  DeviceService,
  EnrolSecretService,
} from '../devices/index.ts';
import { callerOf } from './console-guard.ts';
import { sendList } from './send-list.ts';

/** The device centre under /dv/m (docs/engines.md "Device centre"). */
export function deviceRoutes(
  app: FastifyInstance,
  {
    deviceCentre: devices,
    deviceCounts,
    enrolSecrets: secrets,
    deviceExport,
  }: {
    deviceCentre: DeviceService;
    deviceCounts: DeviceCounts;
    enrolSecrets: EnrolSecretService;
    deviceExport: DeviceExport;
  },
) {
  serve(app, deviceList, (req, reply) => {
    const caller = callerOf(req);
    return sendList(reply, deviceCounts.pages, caller, 'running', req.body, () =>
      devices.list(caller, req.body),
    );
  });
  serve(app, deprecatedDeviceList, (req, reply) => {
    const caller = callerOf(req);
    return sendList(reply, deviceCounts.pages, caller, 'deprecated', req.body, () =>
      devices.deprecatedList(caller, req.body),
    );
  });
  // A read, like the list: not audited (nor is the audit log's own export); a refusal is.
  serve(app, exportDevices, (req, reply) =>
    sendFile(reply, {
      name: deviceExport.fileName(req.query),
      format: req.query.format,
      chunks: deviceExport.file(callerOf(req), req.query, req.locale),
    }),
  );
  serve(app, deviceDetail, (req) => devices.detail(callerOf(req), req.body.id));
  serve(app, deviceActivity, (req) => devices.activity(callerOf(req), req.body, req.locale));
  serve(app, addDevice, (req) => devices.add(callerOf(req), req.body));
  serve(app, editDevice, async (req) => {
    await devices.edit(callerOf(req), req.body);
  });
  serve(app, allowReenrol, (req) => devices.allowReenrol(callerOf(req), req.body.id));
  serve(app, previewDevices, (req) =>
    devices.preview(callerOf(req), req.body.action, req.body.target),
  );
  serve(app, deprecateDevices, (req) => devices.deprecate(callerOf(req), req.body.target));
  serve(app, moveDevices, (req) => devices.move(callerOf(req), req.body.target, req.body.groupId));
  serve(app, purgeDevices, (req) => devices.purge(callerOf(req), req.body.target));
  serve(app, enrolSecretList, (req) => secrets.list(callerOf(req), req.body.groupId));
  serve(app, addEnrolSecret, (req) => secrets.add(callerOf(req), req.body));
  serve(app, revokeEnrolSecret, async (req) => {
    await secrets.revoke(callerOf(req), req.body.id);
  });
  serve(app, rotateEnrolSecret, (req) => secrets.rotate(callerOf(req), req.body));
  // Every console user's home asks for it: kept as sent, as the list pages are.
  serve(app, deviceOverview, (req, reply) => {
    const caller = callerOf(req);
    return sendList(reply, deviceCounts.pages, caller, 'running', { overview: true }, () =>
      devices.overview(caller),
    );
  });
}
