import type { FastifyInstance } from 'fastify';
import {
  askRecovery,
  cancelRecovery,
  cancelSplit,
  confirmShare,
  deviceEscrow,
  downloadRecovery,
  downloadShare,
  escrowList,
  finishEscrowRotation,
  initKeys,
  keyStatus,
  presentShare,
  recoveryList,
  rotateDeviceKeys,
  rotateEscrowKey,
  rotateWindowKey,
  splitKeys,
} from '@edp/shared/api/console/keys.calls';
import { serve } from '../../platform/http/index.ts';
import type {
  EscrowRotationService,
  KeyService,
  RecoveryService,
  WindowKeyService,
} from '../keys/index.ts';
import { callerOf } from './console-guard.ts';

/** An age file as a download: never cached, its name given. */
const ageFile = 'application/octet-stream';

/** Key management under dual control (docs/keys.md). */
export function keyRoutes(
  app: FastifyInstance,
  {
    keys,
    recoveries,
    windowKeys,
    escrowRotation,
  }: {
    keys: KeyService;
    recoveries: RecoveryService;
    windowKeys: WindowKeyService;
    escrowRotation: EscrowRotationService;
  },
) {
  serve(app, keyStatus, (req) => keys.status(callerOf(req)));
  serve(app, initKeys, (req) => keys.init(callerOf(req), req.body));
  serve(app, splitKeys, (req) => keys.split(callerOf(req), req.body));
  serve(app, cancelSplit, (req) => keys.cancelSplit(callerOf(req)));
  serve(app, downloadShare, async (req, reply) => {
    const file = await keys.downloadShare(callerOf(req), req.body.protect);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${file.name}"`)
      .type(ageFile)
      .send(file.text);
  });
  serve(app, confirmShare, (req) => keys.confirmShare(callerOf(req), req.body.share));
  serve(app, rotateWindowKey, async (req) => {
    await windowKeys.rotateWindowKey(callerOf(req), { revoke: false });
    return keys.status(callerOf(req));
  });
  serve(app, rotateEscrowKey, (req) => escrowRotation.rotateEscrow(callerOf(req)));
  serve(app, finishEscrowRotation, (req) => escrowRotation.finishEscrowRotation(callerOf(req)));
  serve(app, rotateDeviceKeys, (req) => escrowRotation.rotateDevices(callerOf(req), req.body));
  serve(app, escrowList, (req) => keys.escrowList(callerOf(req), req.body));
  serve(app, deviceEscrow, (req) => keys.deviceEscrow(callerOf(req), req.body.deviceId));
  serve(app, askRecovery, (req) => recoveries.ask(callerOf(req), req.body));
  serve(app, recoveryList, (req) => recoveries.list(callerOf(req), req.body));
  serve(app, presentShare, (req) => recoveries.present(callerOf(req), req.body));
  serve(app, cancelRecovery, (req) => recoveries.cancel(callerOf(req), req.body.id));
  serve(app, downloadRecovery, async (req, reply) => {
    const file = await recoveries.download(callerOf(req), req.body.id);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="${file.name}"`)
      .type(ageFile)
      .send(file.text);
  });
}
