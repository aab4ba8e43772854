/**
 * The warnings' plain values (docs/notifications.md): causes, channels, limits and delivery
 * states. They hold no zod, so the browser imports them from here without the schemas of
 * notify.ts, which re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part
 * runs zod).
 */

/** What raises a warning (the list). */
export const WARNING_CAUSES = [
  'licence',
  'offline',
  'dpi',
  'taskFailed',
  'review',
  /** A key incident declared (docs/keys.md "Incidents"): told once, with its first message. */
  'keyIncident',
] as const;
export type TWarningCause = (typeof WARNING_CAUSES)[number];
export const WARNING_CHANNELS = ['sms', 'email', 'webhook'] as const;
export type TWarningChannel = (typeof WARNING_CHANNELS)[number];

export const WARN_LIMITS = {
  maxReminders: { min: 1, max: 20 },
  intervalMinutes: { min: 1, max: 10_080 },
  offlineMinutes: { min: 5, max: 10_080 },
  recipients: 20,
} as const;

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];
