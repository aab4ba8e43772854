import type { FastifyInstance } from 'fastify';
import {
  setSmsSettings,
  setWarnSettings,
  smsSettings,
  testSms,
  testWarning,
  warnDeliveries,
  warnSettings,
} from '@edp/shared/api/console/notify.calls';
import { serve } from '../../platform/http/index.ts';
import type { NotifyService } from '../notify/index.ts';
import { callerOf } from './console-guard.ts';

/** SMS and warning settings, their tests and the delivery log (docs/notifications.md). */
export function notifyRoutes(app: FastifyInstance, { notify }: { notify: NotifyService }) {
  serve(app, smsSettings, (req) => notify.sms(callerOf(req)));
  serve(app, setSmsSettings, async (req) => {
    await notify.setSms(callerOf(req), req.body);
  });
  serve(app, testSms, (req) => notify.testSms(callerOf(req), req.body));
  serve(app, warnSettings, (req) => notify.warn(callerOf(req)));
  serve(app, setWarnSettings, async (req) => {
    await notify.setWarn(callerOf(req), req.body);
  });
  serve(app, testWarning, (req) => notify.testWarning(callerOf(req)));
  serve(app, warnDeliveries, (req) => notify.deliveries(callerOf(req), req.body, req.locale));
}
