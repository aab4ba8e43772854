/** The public entry of this module: other modules import only from here. */
export { notifyService, type NotifyService } from './notify-service.ts';
export {
  NOTIFIER_JOB,
  notifier,
  notifierJob,
  type Notifier,
  type PassReport,
  MAX_TRIES,
  backoffMs,
} from './notifier.ts';
export { signedCloudQuery, type SmsFill } from './sms-sender.ts';
export { webhookSignature } from './webhook.ts';
export { keyIncidentWarning } from './key-incident-warning.ts';
