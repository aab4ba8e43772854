/**
 * An engine's plain values (docs/engines.md): its states, protection modes and check-in timing.
 * They hold no zod, so the browser imports them from here without the schemas of engine.ts, which
 * re-exports them (packages/web/build/screen-chunks.ts: no lazily loaded part runs zod).
 */

/** Install: not installed, installing, installed, failed (docs/product.md §4). */
export const INSTALL_STATES = ['none', 'installing', 'installed', 'failed'] as const;
export type InstallState = (typeof INSTALL_STATES)[number];
/** Detection: not detected, succeeded. */
export const DETECTION_STATES = ['none', 'ok'] as const;
export type DetectionState = (typeof DETECTION_STATES)[number];
/** Activation: inactivated, activated. */
export const ACTIVATION_STATES = ['inactive', 'active'] as const;
export type ActivationState = (typeof ACTIVATION_STATES)[number];
/** A device runs until it is deprecated, which cannot be undone. */
export const DEVICE_STATUSES = ['running', 'deprecated'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
/** Derived from the last check-in: offline after three missed intervals; never seen before it enrols. */
export const PRESENCES = ['online', 'offline', 'never'] as const;
export type Presence = (typeof PRESENCES)[number];
/** What an engine does to a protected directory: encrypt it (TDE) or keep its integrity baseline (DPI). */
export const PROTECTION_MODES = ['tde', 'dpi', 'se'] as const;
export type ProtectionMode = (typeof PROTECTION_MODES)[number];

/** Check-in interval: 30 s by default (docs/architecture.md §9); offline after three missed. */
export const CHECK_IN_INTERVAL_S = 30;
export const MISSED_INTERVALS_OFFLINE = 3;
/**
 * The database's last-seen time may lag a check-in by the presence refresh (60 s) and one flush
 * (5 s) (server: engines/engine-context.ts): what reads the stored time counts a device offline
 * after three missed intervals plus this lag, never before. The server's lists and counters use
 * it, and so does the activity's "went offline" entry (docs/engines.md "Activity").
 */
export const PRESENCE_SLACK_S = 65;
