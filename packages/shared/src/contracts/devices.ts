import { z } from 'zod';
import { DEVICE_TYPE_RANGE, EXPORT_FORMATS } from '../constants.ts';
import { ZDate, ZList, ZListRequest, ZUuid } from './common.ts';
import { ZDeviceType, ZIsoTime } from './com.ts';
import {
  ACTIVATION_STATES,
  DETECTION_STATES,
  DEVICE_STATUSES,
  INSTALL_STATES,
  PRESENCES,
  ZDeviceName,
  ZEngineLicence,
  ZIp,
  ZPort,
  ZProtectedDir,
} from './engine.ts';
import { ZTimeZone } from './console-admin.ts';
import { rule } from './field-rules.ts';
import { ZEngineKind } from './licence-file.ts';

/** The console's device centre (/dv/m/*, docs/engines.md "Device centre"). */

const ZRemark = z.string().trim().max(200);
const ZShort = z.string().trim().max(64);

/** What narrows a device list; the same filter picks the devices of a bulk action. */
export const ZDeviceFilter = z.object({
  groupId: ZUuid.optional().describe('Only this group (and its subgroups unless subgroups=false)'),
  subgroups: z.boolean().default(true),
  type: ZDeviceType.optional(),
  kind: ZEngineKind.optional(),
  presence: z.enum(PRESENCES).optional(),
  install: z.enum(INSTALL_STATES).optional(),
  keyword: z.string().trim().max(64).optional().describe('Part of the name, number or IP'),
  expiring: z
    .boolean()
    .optional()
    .describe("Only licences ending within LICENCE_WARNING_DAYS (the home's figure)"),
  outdated: z
    .boolean()
    .optional()
    .describe('Only engines older than the newest installer of their kind (or the served engine)'),
});
export type TDeviceFilter = z.output<typeof ZDeviceFilter>;

export const DEVICE_SORTS = ['createdAt', 'name', 'lastSeenAt'] as const;
export const ZDeviceListRequest = ZListRequest.extend(ZDeviceFilter.shape).extend({
  sort: z.enum(DEVICE_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TDeviceListRequest = z.output<typeof ZDeviceListRequest>;

/** A yes or no in a query string. */
const ZQueryFlag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `GET /dv/m/export`: the list's filter, order and status as query parameters (the page's
 * own), the file's format and the reader's time zone for its times.
 */
export const ZDeviceExportQuery = ZDeviceFilter.extend({
  subgroups: ZQueryFlag.default(true),
  type: z
    .enum(DEVICE_TYPE_RANGE.map(String) as [string, ...string[]])
    .transform(Number)
    .optional()
    .describe(ZDeviceType.description ?? ''),
  expiring: ZQueryFlag.optional(),
  outdated: ZQueryFlag.optional(),
  status: z.enum(DEVICE_STATUSES).default('running').describe('The running or deprecated list'),
  sort: ZDeviceListRequest.shape.sort,
  order: ZDeviceListRequest.shape.order,
  format: z.enum(EXPORT_FORMATS).default('csv'),
  tz: ZTimeZone.optional().describe("The reader's IANA time zone for the times; default UTC"),
});
export type TDeviceExportQuery = z.output<typeof ZDeviceExportQuery>;

export const ZDeviceItem = z.object({
  id: z.string(),
  name: z.string(),
  number: z.string(),
  ip: z.string(),
  systemType: z.string(),
  kind: ZEngineKind,
  type: ZDeviceType,
  version: z.string(),
  status: z.enum(DEVICE_STATUSES),
  presence: z.enum(PRESENCES),
  install: z.enum(INSTALL_STATES),
  activation: z.enum(ACTIVATION_STATES),
  groupId: z.string(),
  groupName: z.string(),
  licenceExpiresAt: ZIsoTime.nullable(),
  lastSeenAt: ZIsoTime.nullable(),
  createdAt: ZIsoTime,
  remark: z.string(),
});
export type TDeviceItem = z.infer<typeof ZDeviceItem>;

const ZCounts = z
  .record(z.string(), z.number().int())
  .describe('Devices per type ("-1" … "5") among those the caller sees, whatever the filter');
export const ZDeviceList = ZList(ZDeviceItem).extend({
  counts: ZCounts,
  online: z.number().int().describe('Devices online now among those the caller sees'),
});
export type TDeviceList = z.infer<typeof ZDeviceList>;

/** A device known before its engine enrols: enrolment with the same fingerprint adopts it. */
export const ZDeviceAdd = z.object({
  name: ZDeviceName,
  groupId: ZUuid,
  kind: ZEngineKind,
  systemType: ZShort.min(1),
  number: ZShort.default(''),
  ip: ZIp,
  port: ZPort.nullable().default(null),
  collectorIp: ZIp.nullable().default(null),
  qid: ZShort.default(''),
  remark: ZRemark.default(''),
});

export const ZDeviceEdit = z.object({
  id: ZUuid,
  name: ZDeviceName.optional(),
  remark: ZRemark.optional(),
  groupId: ZUuid.optional(),
});

/**
 * The devices a bulk action touches: a selection, or all that match a filter. The server applies
 * the caller's group scope and the action's status to either, so nothing outside is touched.
 */
export const ZDeviceTarget = z
  .object({
    ids: z.array(ZUuid).min(1).max(500).optional(),
    filter: ZDeviceFilter.optional(),
  })
  .refine((t) => (t.ids === undefined) !== (t.filter === undefined), rule('deviceTarget'));
export type TDeviceTarget = z.output<typeof ZDeviceTarget>;

/** Which list a target's devices come from: moving and deprecating take running ones. */
export const BULK_ACTIONS = ['deprecate', 'move', 'purge'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const ZDevicePreviewRequest = z.object({
  action: z.enum(BULK_ACTIONS),
  target: ZDeviceTarget,
});
export const ZDevicePreview = z.object({
  total: z.number().int(),
  /** The first few, by name, to show before anything runs. */
  first: z.array(z.object({ id: z.string(), name: z.string(), ip: z.string() })),
});

export const ZDeviceTargetRequest = z.object({ target: ZDeviceTarget });
export const ZDeviceMove = z.object({ target: ZDeviceTarget, groupId: ZUuid });
export const ZAffected = z.object({ affected: z.number().int() });

export const ZDeviceDetail = ZDeviceItem.extend({
  kernel: z.string(),
  port: z.number().int().nullable(),
  collectorIp: z.string().nullable(),
  qid: z.string(),
  fingerprint: z.string().nullable(),
  detection: z.enum(DETECTION_STATES),
  protected: z.array(ZProtectedDir),
  licence: ZEngineLicence.extend({ expiresAt: ZIsoTime }).nullable(),
  enrolledAt: ZIsoTime.nullable(),
  stateChangedAt: ZIsoTime.nullable(),
  deprecatedAt: ZIsoTime.nullable(),
  /** Check-in interval (s). */
  interval: z.number().int(),
  /** Whether its engine proves itself with a key (false: an engine from before keys, or none yet). */
  engineKey: z.boolean(),
  /** Until when the console allows an enrolment with its fingerprint without proof (null: not). */
  reenrolUntil: ZIsoTime.nullable(),
  /** Hours seen, per day, newest first: bit i of `hours` set when the engine checked in during hour i (UTC). */
  uptime: z.array(z.object({ day: z.string(), hours: z.number().int() })),
});
export type TDeviceDetail = z.infer<typeof ZDeviceDetail>;

export const ZGroupRef = z.object({ groupId: ZUuid });

/**
 * How long the console's allowance to enrol a device again without its engine's proof lasts
 * (docs/engines.md "Re-enrolment"): long enough to re-image a machine, short enough not to
 * leave the device open.
 */
export const REENROL_ALLOWED_HOURS = 24;
export const ZReenrolAllowed = z.object({ until: ZIsoTime });
export type TReenrolAllowed = z.infer<typeof ZReenrolAllowed>;

/** Named enrolment secrets of a group (docs/engines.md "Enrolment secrets"). */
export const SECRET_STATES = ['live', 'expired', 'revoked'] as const;
export type SecretState = (typeof SECRET_STATES)[number];
export const ZEnrolSecretName = z.string().trim().min(1).max(64);
export const ZEnrolSecretAdd = z.object({
  groupId: ZUuid,
  name: ZEnrolSecretName,
  /** No expiry when left out; else a time to come. */
  expiresAt: ZDate.optional(),
});
export const ZEnrolSecretRotate = z.object({
  groupId: ZUuid,
  /** The new secret's name; the group's name and the day when left out. */
  name: ZEnrolSecretName.optional(),
});
export const ZEnrolSecretItem = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  /** The secret's last four characters: enough to tell which one a person holds. */
  hint: z.string(),
  /** The maker's account; empty for secrets made before secrets had names. */
  createdBy: z.string(),
  createdAt: ZIsoTime,
  expiresAt: ZIsoTime.nullable(),
  revokedBy: z.string().nullable(),
  revokedAt: ZIsoTime.nullable(),
  state: z.enum(SECRET_STATES),
  /** Engines whose last enrolment used this secret (running or deprecated). */
  enrolled: z.number().int(),
});
export type TEnrolSecretItem = z.infer<typeof ZEnrolSecretItem>;
export const ZEnrolSecretList = z.object({
  /** Live and expired first, newest first, then revoked, newest first; at most SECRET_LIST_MAX. */
  list: z.array(ZEnrolSecretItem),
  total: z.number().int(),
});
export type TEnrolSecretList = z.infer<typeof ZEnrolSecretList>;
/** A secret just made: the only answer that carries the secret itself. */
export const ZEnrolSecretMade = ZEnrolSecretItem.extend({ secret: z.string() });
export type TEnrolSecretMade = z.infer<typeof ZEnrolSecretMade>;

export const ZDeviceOverview = z.object({
  total: z.number().int(),
  online: z.number().int(),
  counts: ZCounts,
  byPresence: z.record(z.string(), z.number().int()),
  byKind: z.record(z.string(), z.number().int()).describe('Running devices by engine kind'),
  expiringSoon: z.number().int().describe('Licences ending within 30 days'),
  expiring: z
    .object({
      week: z.number().int().describe('Licences ending within 7 days'),
      month: z.number().int().describe('Ending in 8 to 30 days'),
      quarter: z.number().int().describe('Ending in 31 to 90 days'),
    })
    .describe('Running devices by when their licence ends'),
  recent: z.array(
    z.object({ id: z.string(), name: z.string(), kind: ZEngineKind, enrolledAt: ZIsoTime }),
  ),
});
export type TDeviceOverview = z.infer<typeof ZDeviceOverview>;

/**
 * What a device's activity entry says happened (docs/engines.md "Activity"): enrolled by its
 * engine, added in the console, edited (name, remark), moved between groups, deprecated, went
 * offline and came back online (written as a pair when a check-in ends the gap), licence
 * installed, changed or removed (from the state a check-in reports, or the engine's answer to
 * the certificate it was sent), a command that changes the device ended (a task's or a
 * synchronous one: encrypt, protect, authorise, upgrade…), a step of an elevation or
 * learning-mode window.
 */
export const DEVICE_ACTIVITY_KINDS = [
  'enrolled',
  'added',
  'edited',
  'moved',
  'deprecated',
  'offline',
  'online',
  'licence',
  'reenrolAllowed',
  'command',
  'window',
] as const;
export type DeviceActivityKind = (typeof DEVICE_ACTIVITY_KINDS)[number];
/** Entries a page answers unless `limit` says fewer or more. */
export const DEVICE_ACTIVITY_PAGE = 20;

export const ZDeviceActivityRequest = z.object({
  id: ZUuid,
  after: z
    .string()
    .max(20)
    .regex(/^[1-9][0-9]{0,17}$/, rule('wrongFormat'))
    .optional()
    .describe('The `next` of the previous page: entries older than it'),
  limit: z.number().int().min(1).max(100).default(DEVICE_ACTIVITY_PAGE),
});

const ZChange = z.object({ from: z.string(), to: z.string() });
const ZActivityLicence = z
  .object({
    serial: z.number().int(),
    expiresAt: ZIsoTime,
    /** The licence's code, when known (an engine's answer to a certificate): a renewal keeps it. */
    code: z.string().optional(),
  })
  .nullable();

/** How a command that changes the device ended (a cancelled one never reached it). */
export const ACTIVITY_COMMAND_STATES = ['finished', 'failed', 'timeout'] as const;
const ZActivityCommand = z.object({
  /** The command's type (COMMAND_ARGS), e.g. tde.encrypt. */
  type: z.string(),
  state: z.enum(ACTIVITY_COMMAND_STATES),
  /** The engine's code: 0 finished, an errCode when failed, null when it never answered. */
  code: z.number().int().nullable(),
  /** What it acted on: the folder or program, the engine version; '' when none. */
  target: z.string(),
  /** More targets than the one named (learning.authorise takes several programs). */
  more: z.number().int().optional(),
  /** The task it belongs to; null: a synchronous command. */
  taskId: z.string().nullable(),
  /** failed: the code in the reader's words (written when read, never stored). */
  reason: z.string().optional(),
});

/**
 * The steps of an elevation or learning-mode window on a device (docs/elevation.md): asked,
 * rejected or withdrawn before review, expired with nobody reviewing it (by the console's clock,
 * no actor), approved; started when the engine took the window (or notStarted when it did not),
 * adjusted to another end, ended (early, or by itself at its end).
 */
export const WINDOW_STEPS = [
  'asked',
  'rejected',
  'withdrawn',
  'expired',
  'approved',
  'started',
  'notStarted',
  'adjusted',
  'ended',
] as const;
export type WindowStep = (typeof WINDOW_STEPS)[number];
const ZActivityWindow = z.object({
  /** The request's id (/ack/s/info). */
  request: z.string(),
  kind: z.enum(['elevation', 'learning']),
  step: z.enum(WINDOW_STEPS),
  /** asked: the length asked for (s). */
  seconds: z.number().int().optional(),
  /** approved, started, adjusted: when the window ends. */
  until: ZIsoTime.optional(),
  /** notStarted: the engine's code, null when it never answered. */
  code: z.number().int().nullable().optional(),
  /** notStarted with a code: the code in the reader's words (written when read). */
  reason: z.string().optional(),
});

/** What an entry records besides its kind; each kind fills its own fields. */
export const ZDeviceActivityDetail = z.object({
  /** enrolled, added: the group it is in. */
  group: z.string().optional(),
  /** moved: the groups' names at the time. */
  from: z.string().optional(),
  to: z.string().optional(),
  /** edited: what changed. */
  name: ZChange.optional(),
  remark: ZChange.optional(),
  /** offline, online: the last check-in the console knew of before the gap. */
  lastSeen: ZIsoTime.optional(),
  /** licence: the licence reported now and the one before (null: none). */
  licence: ZActivityLicence.optional(),
  previous: ZActivityLicence.optional(),
  /** reenrolAllowed: until when an enrolment with its fingerprint needs no proof. */
  until: ZIsoTime.optional(),
  /** command: which command, how it ended and on what. */
  command: ZActivityCommand.optional(),
  /** window: which window and which step. */
  window: ZActivityWindow.optional(),
});
export type TDeviceActivityDetail = z.infer<typeof ZDeviceActivityDetail>;

export const ZDeviceActivityItem = z.object({
  id: z.string(),
  at: ZIsoTime,
  kind: z.enum(DEVICE_ACTIVITY_KINDS),
  /** The user's account; null: the engine (or the console's own clock, for presence). */
  account: z.string().nullable(),
  detail: ZDeviceActivityDetail,
});
export type TDeviceActivityItem = z.infer<typeof ZDeviceActivityItem>;

export const ZDeviceActivity = z.object({
  items: z.array(ZDeviceActivityItem),
  /** Pass as `after` for the next (older) page; null: no more. */
  next: z.string().nullable(),
});
export type TDeviceActivity = z.infer<typeof ZDeviceActivity>;
