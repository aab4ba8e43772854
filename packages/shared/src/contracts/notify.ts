import { z } from 'zod';
import { PHONE_PATTERN, SMS_PLACEHOLDERS } from '../rules.ts';
import { ZEmail, ZListRequest, ZList } from './common.ts';
import { ZTimeZone } from './console-admin.ts';
import { ZPhone } from './user.ts';
import { rule } from './field-rules.ts';
import {
  DELIVERY_STATUSES,
  WARNING_CAUSES,
  WARNING_CHANNELS,
  WARN_LIMITS,
} from './notify-values.ts';
import type { TWarningCause } from './notify-values.ts';

export * from './notify-values.ts';

/**
 * SMS and warnings (docs/notifications.md): the SMS gateway a tenant sends through (its login
 * codes and its warnings), what raises a warning, and how warnings are delivered.
 */

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** An http(s) address a server of ours calls: a gateway, a webhook receiver. */
export const ZHttpUrl = z.string().trim().max(2000).regex(HTTP_URL, rule('httpUrl'));
/** The same, or empty (none). */
const ZHttpUrlOrNone = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || HTTP_URL.test(s), rule('httpUrl'));

/** How the console sends SMS: not at all, through an HTTP gateway, or a cloud SMS service. */
export const SMS_MODES = ['off', 'http', 'cloud'] as const;
export type TSmsMode = (typeof SMS_MODES)[number];

/** A header or parameter of the HTTP gateway. A secret one is stored encrypted. */
export const ZSmsField = z.object({
  key: z.string().trim().min(1).max(100),
  /** May hold #c# (the code or the warning), #m# (the phone) and #ip# (the address). Empty on a
   *  secret field keeps the stored value. */
  value: z.string().max(1000),
  secret: z.boolean().default(false),
});
export type TSmsField = z.infer<typeof ZSmsField>;

/** A header: a name HTTP allows (RFC 9110 token). */
const ZSmsHeader = ZSmsField.extend({
  key: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, rule('headerName')),
});

const holds = (fields: readonly { value: string }[], url: string, mark: string) =>
  url.includes(mark) || fields.some((f) => f.value.includes(mark));

/** An HTTP SMS gateway (SPEC §3): channel, method, content type, address, headers, parameters. */
export const ZSmsHttpFields = z.object({
  /** The provider's name, for people. */
  channel: z.string().trim().min(1).max(50),
  method: z.enum(['GET', 'POST']),
  /** How a POST carries the parameters: JSON or a form. A GET puts them in the query. */
  contentType: z.enum(['json', 'form']),
  url: ZHttpUrl,
  headers: z.array(ZSmsHeader).max(20),
  params: z.array(ZSmsField).max(30),
});
/** The gateway as a call sends it: its parameters (or address) must place the phone and text. */
export const ZSmsHttp = ZSmsHttpFields.refine(
  (g) =>
    holds(g.params, g.url, SMS_PLACEHOLDERS.phone) && holds(g.params, g.url, SMS_PLACEHOLDERS.code),
  { message: rule('smsPlaceholders'), path: ['params'] },
);
export type TSmsHttp = z.infer<typeof ZSmsHttp>;

/** Cloud SMS (SPEC §3): a signed call of the provider's SendSms with a template it holds. */
export const ZSmsCloud = z.object({
  /** The provider's address (Alibaba Cloud's dysmsapi by default, or a private endpoint). */
  endpoint: ZHttpUrl,
  signName: z.string().trim().min(1).max(50),
  keyId: z.string().trim().min(1).max(100),
  /** The key secret; empty keeps the stored one. Never answered. */
  key: z.string().max(200).default(''),
  templateCode: z.string().trim().min(1).max(100),
  /** A verification-code template takes {code}; a notice template takes {content}. */
  templateType: z.enum(['code', 'notice']),
});
export type TSmsCloud = z.infer<typeof ZSmsCloud>;

export const ZSmsSettings = z
  .object({
    mode: z.enum(SMS_MODES),
    http: ZSmsHttp.nullable().default(null),
    cloud: ZSmsCloud.nullable().default(null),
    /** The bound phone: where "send a test" goes. */
    phone: z
      .string()
      .trim()
      .max(20, rule('phone'))
      .refine((s) => s === '' || PHONE_PATTERN.test(s), rule('phone'))
      .default(''),
  })
  // The gateway the mode names must be given (the other may be kept for later).
  .refine((s) => s.mode !== 'http' || s.http !== null, {
    message: rule('required'),
    path: ['http'],
  })
  .refine((s) => s.mode !== 'cloud' || s.cloud !== null, {
    message: rule('required'),
    path: ['cloud'],
  });
export type TSmsSettings = z.infer<typeof ZSmsSettings>;

/** A stored secret as it is shown again: never in full. */
export const ZSecretShown = z.object({
  set: z.boolean(),
  /** The last characters of a long secret (•••• and 4), else only that one is set. */
  hint: z.string(),
});
export type TSecretShown = z.infer<typeof ZSecretShown>;

export const ZSmsSettingsView = z.object({
  mode: z.enum(SMS_MODES),
  http: z
    .object({
      channel: z.string(),
      method: z.enum(['GET', 'POST']),
      contentType: z.enum(['json', 'form']),
      url: z.string(),
      headers: z.array(ZSmsField.extend({ shown: ZSecretShown.nullable() })),
      params: z.array(ZSmsField.extend({ shown: ZSecretShown.nullable() })),
    })
    .nullable(),
  cloud: ZSmsCloud.omit({ key: true }).extend({ key: ZSecretShown }).nullable(),
  phone: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TSmsSettingsView = z.infer<typeof ZSmsSettingsView>;

export const ZSmsTest = z.object({
  /** Defaults to the bound phone. */
  phone: ZPhone.optional(),
});
export const ZSmsTestResult = z.object({
  /** The gateway's HTTP status. */
  status: z.number().int(),
  ms: z.number().int(),
});

/** Warning settings (SPEC §3): the switch, reminders, content, causes and recipients. */
export const ZWarnSettings = z.object({
  enabled: z.boolean(),
  /** At most this many messages for one open warning (the first and its reminders). */
  maxReminders: z
    .number()
    .int()
    .min(WARN_LIMITS.maxReminders.min)
    .max(WARN_LIMITS.maxReminders.max),
  /** At least this many minutes between two messages of one warning. */
  intervalMinutes: z
    .number()
    .int()
    .min(WARN_LIMITS.intervalMinutes.min)
    .max(WARN_LIMITS.intervalMinutes.max),
  /** The language of the messages (people on call may read either). */
  language: z.enum(['zh-CN', 'en-US']),
  /** The zone the messages' times are written in (an IANA name). */
  timeZone: ZTimeZone,
  /** The reminder's content: put before the warnings in every message. */
  text: z.string().trim().max(200),
  causes: z.array(z.enum(WARNING_CAUSES)).max(WARNING_CAUSES.length),
  /** A device silent this long is offline. */
  offlineMinutes: z
    .number()
    .int()
    .min(WARN_LIMITS.offlineMinutes.min)
    .max(WARN_LIMITS.offlineMinutes.max),
  channels: z.array(z.enum(WARNING_CHANNELS)).max(WARNING_CHANNELS.length),
  phones: z.array(ZPhone).max(WARN_LIMITS.recipients),
  emails: z.array(ZEmail).max(WARN_LIMITS.recipients),
  webhookUrl: ZHttpUrlOrNone,
  /** The webhook's signing secret; empty keeps the stored one. Never answered. */
  webhookSecret: z.string().max(200).default(''),
});
export type TWarnSettings = z.infer<typeof ZWarnSettings>;

export const ZWarnSettingsView = ZWarnSettings.omit({ webhookSecret: true }).extend({
  webhookSecret: ZSecretShown,
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type TWarnSettingsView = z.infer<typeof ZWarnSettingsView>;

export const ZWarnTestResult = z.object({ deliveries: z.number().int() });

export const ZDeliveryQuery = ZListRequest.extend({
  status: z.enum(DELIVERY_STATUSES).optional(),
  channel: z.enum(WARNING_CHANNELS).optional(),
});
export type TDeliveryQuery = z.infer<typeof ZDeliveryQuery>;

export const ZDelivery = z.object({
  id: z.string(),
  channel: z.enum(WARNING_CHANNELS),
  /** The phone, address or webhook's host. */
  target: z.string(),
  /** What the message told, in the tenant's language: one line a warning. */
  summary: z.string(),
  causes: z.array(z.enum([...WARNING_CAUSES, 'test'])),
  status: z.enum(DELIVERY_STATUSES),
  tries: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAt: z.string().nullable(),
});
export type TDelivery = z.infer<typeof ZDelivery>;
export const ZDeliveryList = ZList(ZDelivery);

/** The JSON a webhook receives (signed: docs/notifications.md "Webhook"). */
export interface TWebhookBody {
  id: string;
  tenant: string;
  sentAt: string;
  text: string;
  warnings: {
    cause: TWarningCause | 'test';
    subject: string;
    label: string;
    openedAt: string;
    reminder: number;
    detail: Record<string, unknown>;
  }[];
}
