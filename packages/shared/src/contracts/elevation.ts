import { z } from 'zod';
import { ZDate, ZMsUuidCursor, ZUuid } from './common.ts';
import { ZIsoTime } from './com.ts';
import { COMMAND_STATES, ZAbsolutePath } from './commands.ts';
import { rule } from './field-rules.ts';
import { splitSeconds, WINDOW_MAX_S, windowSeconds } from '../ack-window.ts';

export { splitSeconds, WINDOW_MAX_S, windowSeconds };

/**
 * Elevation and learning mode under review (SPEC §4, §6, §7 `ack`; docs/elevation.md). A
 * security operator asks for a window on one device; another person holding the auditor's duty
 * approves or dismisses it; on approval the engine receives the window, signed by the console's
 * own key, and ends it by itself when it closes.
 */

/** `elevation`: lifting protection by hand on the device; `learning`: learning mode. */
export const ACK_KINDS = ['elevation', 'learning'] as const;
export type AckKind = (typeof ACK_KINDS)[number];
/** SPEC §4 "pending review, approved, rejected (pass or dismiss)". */
export const ACK_STATES = ['pending', 'approved', 'rejected'] as const;
export type AckState = (typeof ACK_STATES)[number];
/**
 * Where a request stands, as a screen shows it: pending, rejected (by a reviewer), expired (not
 * reviewed in time), withdrawn (by an operator before review; state `rejected`, so the SPEC's
 * three states stay three), approved and not yet on the engine (`approved`), running on the
 * engine (`active`), or over (`ended`: closed by itself, shortened to now, or ended early).
 */
export const ACK_PHASES = [
  'pending',
  'rejected',
  'expired',
  'withdrawn',
  'approved',
  'active',
  'ended',
] as const;
export type AckPhase = (typeof ACK_PHASES)[number];

/** A window as SPEC §9 gives it: days, hours, minutes, seconds. */
export const ZWindow = z
  .object({
    days: z.number().int().min(0).max(30).default(0),
    hours: z.number().int().min(0).max(23).default(0),
    minutes: z.number().int().min(0).max(59).default(0),
    seconds: z.number().int().min(0).max(59).default(0),
  })
  .refine((w) => {
    const s = windowSeconds(w);
    return s >= 1 && s <= WINDOW_MAX_S;
  }, rule('window'));
export type TWindow = z.input<typeof ZWindow>;

const ZReason = z.string().trim().min(1).max(200);

/** `/ack/m/ele`, `/ack/m/lm`: one device, a window, a reason. */
export const ZAckAsk = z.object({ deviceId: ZUuid, window: ZWindow, reason: ZReason });
export type TAckAsk = z.output<typeof ZAckAsk>;

const ZPerson = z.object({ id: z.string().nullable(), account: z.string() });

/**
 * Why the caller may not pass or dismiss a request (the server's rule, `reviewBar` in
 * console/elevation): `own` they asked for it; `actsForAsker` they hold the asker's role by proxy
 * now; `askerActedForYou` the asker held their role by proxy when asking; `notPending` it was
 * decided, withdrawn or has expired.
 */
export const ACK_REVIEW_BARS = ['own', 'actsForAsker', 'askerActedForYou', 'notPending'] as const;
export type AckReviewBar = (typeof ACK_REVIEW_BARS)[number];

export const ZAckItem = z.object({
  id: z.string(),
  kind: z.enum(ACK_KINDS),
  state: z.enum(ACK_STATES),
  phase: z.enum(ACK_PHASES),
  deviceId: z.string(),
  deviceName: z.string(),
  reason: z.string(),
  /** The window asked for, in seconds. */
  windowS: z.number().int(),
  askedBy: ZPerson,
  askedAt: ZIsoTime,
  /** A pending request not reviewed by then is rejected as expired (null: never). */
  expiresAt: ZIsoTime.nullable(),
  reviewedBy: ZPerson.nullable(),
  reviewedAt: ZIsoTime.nullable(),
  reviewReason: z.string().nullable(),
  /** Who withdrew it before review (the asker, or another who may ask for the device). */
  withdrawnBy: ZPerson.nullable(),
  /**
   * Whether the caller may review it now, and if not why: screens disable the buttons with the
   * reason before anything is typed; the review call applies the same rule.
   */
  review: z.object({ may: z.boolean(), bar: z.enum(ACK_REVIEW_BARS).nullable() }),
  /** The window on the engine once approved (validUntil moves when it is adjusted or ended). */
  validFrom: ZIsoTime.nullable(),
  validUntil: ZIsoTime.nullable(),
  /** When it was ended before its time (adjusted to now, learning mode ended, or withdrawn). */
  endedAt: ZIsoTime.nullable(),
  /** The command that carries the window to the engine: its state and the engine's code. */
  delivery: z
    .object({
      commandId: z.string(),
      state: z.enum(COMMAND_STATES),
      code: z.number().int().nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
});
export type TAckItem = z.infer<typeof ZAckItem>;

/** A keyset page: `next` is the cursor of the page after this one (null: none). */
export const ZAckPage = z.object({ list: z.array(ZAckItem), next: z.string().nullable() });
export type TAckPage = z.infer<typeof ZAckPage>;

const ZCursor = ZMsUuidCursor.optional();
const ZPageSize = z.number().int().min(1).max(100).default(10);

/** `/ack/m/list`: the caller's own requests, newest first. */
export const ZAckMineRequest = z.object({
  pageSize: ZPageSize,
  cursor: ZCursor,
  kind: z.enum(ACK_KINDS).optional(),
  state: z.enum(ACK_STATES).optional(),
  deviceId: ZUuid.optional(),
});
export type TAckMineRequest = z.output<typeof ZAckMineRequest>;

/** `/ack/s/check/list`: the review list, newest first, by state, kind, device and time asked. */
export const ZAckReviewRequest = ZAckMineRequest.extend({
  from: ZDate.optional(),
  to: ZDate.optional(),
});
export type TAckReviewRequest = z.output<typeof ZAckReviewRequest>;

/** `/ack/s/check`: pass or dismiss, with a reason. */
export const ZAckCheck = z.object({ id: ZUuid, approve: z.boolean(), reason: ZReason });

/** The review settings of a tenant (`/ack/s/get-set`, `/ack/s/set`). */
export const ZAckSettings = z.object({
  /** The longest window a request may ask for, seconds (1 minute … 30 days). */
  maxWindowS: z.number().int().min(60).max(WINDOW_MAX_S),
  /** Hours a request waits for review before it is rejected as expired; 0: it never expires. */
  pendingExpiryHours: z.number().int().min(0).max(720),
});
export type TAckSettings = z.infer<typeof ZAckSettings>;
export const ACK_DEFAULT_SETTINGS: TAckSettings = { maxWindowS: 86_400, pendingExpiryHours: 72 };

/** `/sync/m/adjust`: a running window's new length from now (never past what was approved). */
export const ZAckAdjust = z.object({
  id: ZUuid,
  window: z
    .object({
      days: z.number().int().min(0).max(30).default(0),
      hours: z.number().int().min(0).max(23).default(0),
      minutes: z.number().int().min(0).max(59).default(0),
      seconds: z.number().int().min(0).max(59).default(0),
    })
    .refine((w) => windowSeconds(w) <= WINDOW_MAX_S, rule('window')),
});
export const ZAckId = z.object({ id: ZUuid });

/** `/sync/m/lm/authorise`: programs learning mode recorded, authorised in one step. */
export const ZLearnedAuthorise = z.object({
  deviceId: ZUuid,
  paths: z.array(ZAbsolutePath).min(1).max(100),
});
