/**
 * Key management's plain values (docs/keys.md): the states of splits, shares, recoveries and
 * incidents, and their limits. They hold no zod, so the browser imports them from here without the
 * schemas of keys.ts, which re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded
 * part runs zod).
 */

/** A split: pending until every holder confirmed, then active; retired by the next one. */
export const SPLIT_STATES = ['pending', 'active', 'retired'] as const;
export type SplitState = (typeof SPLIT_STATES)[number];
/** A share as its holder has it: not yet downloaded, downloaded, confirmed. */
export const SHARE_STATES = ['ready', 'downloaded', 'confirmed'] as const;
export type ShareState = (typeof SHARE_STATES)[number];
export const RECOVERY_STATES = ['open', 'completed', 'delivered', 'expired', 'cancelled'] as const;
export type RecoveryState = (typeof RECOVERY_STATES)[number];

/** At least this many holders and this threshold: no one person alone. */
export const SPLIT_MIN = 2;
export const SPLIT_MAX = 16;
/** A passphrase that protects a share or a recovery file. */
export const PASSPHRASE_MIN = 12;

/**
 * `share`: a share lost or exposed (a new split without its holder); `escrowKey`: the escrow key
 * exposed (rotate it, every engine re-escrows); `device`: a device compromised (rotate its data
 * keys, end its windows); `windowKey`: the window-signing key exposed (rotate it; windows signed
 * by the old key refused from then on).
 */
export const INCIDENT_KINDS = ['share', 'escrowKey', 'device', 'windowKey'] as const;
export type IncidentKind = (typeof INCIDENT_KINDS)[number];
export const INCIDENT_STATES = ['open', 'contained', 'closed'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
