import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  IncidentKind,
  IncidentState,
  RecoveryState,
  SplitState,
} from '@edp/shared/contracts/keys';
import { devices } from './devices.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });
const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * Key management under dual control (docs/keys.md): console/keys owns every table here. No column
 * holds key material in clear: a KEK is wrapped by the root secret, an escrow identity by the
 * KEK, a share or a recovery's delivery sealed by the root secret until it is used, a data key
 * wrapped to an escrow public key.
 */

/** A tenant's current KEK, once initialised: wrapped, and the hash that tells a rebuilt one. */
export const tenantKeys = pgTable('tenant_keys', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  kekId: uuid('kek_id').notNull(),
  kekWrapped: text('kek_wrapped').notNull(),
  kekCheck: text('kek_check').notNull(),
  initialisedAt: at('initialised_at').notNull(),
  /**
   * The KEK a new split replaced, kept (wrapped as it was) until what it sealed outside the
   * activation's transaction (window keys, the notify secrets) is sealed again under the new one:
   * a stop in between finishes at the next start (docs/keys.md "Shares and splits").
   */
  previousKekId: uuid('previous_kek_id'),
  previousKekWrapped: text('previous_kek_wrapped'),
});

/** A tenant's escrow pairs: the public recipient in clear, the identity under the KEK. */
export const escrowKeys = pgTable(
  'escrow_keys',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    recipient: text('recipient').notNull(),
    identityWrapped: text('identity_wrapped').notNull(),
    /** `retiring`: replaced by a rotation, kept until the engines have re-escrowed. */
    state: text('state').$type<'current' | 'retiring' | 'retired'>().notNull(),
    createdAt: at('created_at').notNull(),
    /** When a rotation replaced it. */
    retiringAt: at('retiring_at'),
  },
  (t) => [
    uniqueIndex('escrow_keys_current_uq')
      .on(t.tenantId)
      .where(sql`state = 'current'`),
    check('escrow_keys_state_check', sql`state in ('current', 'retiring', 'retired')`),
  ],
);

/**
 * Splits of a KEK M-of-N. A pending split's new KEK waits here (wrapped) until every holder has
 * confirmed; then it becomes the tenant's and the column is cleared.
 */
export const keySplits = pgTable(
  'key_splits',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    state: text('state').$type<SplitState>().notNull(),
    threshold: integer('threshold').notNull(),
    kekCheck: text('kek_check').notNull(),
    /** The split's KEK while pending (wrapped by the root secret, its id the split's). */
    kekWrapped: text('kek_wrapped'),
    createdAt: at('created_at').notNull(),
    createdById: uuid('created_by_id'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    activatedAt: at('activated_at'),
    retiredAt: at('retired_at'),
  },
  (t) => [
    uniqueIndex('key_splits_pending_uq')
      .on(t.tenantId)
      .where(sql`state = 'pending'`),
    uniqueIndex('key_splits_active_uq')
      .on(t.tenantId)
      .where(sql`state = 'active'`),
    check('key_splits_state_check', sql`state in ('pending', 'active', 'retired')`),
  ],
);

/** One holder's share of a split: its hash always, the share itself sealed until downloaded. */
export const keyShares = pgTable(
  'key_shares',
  {
    splitId: uuid('split_id')
      .notNull()
      .references(() => keySplits.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id').notNull(),
    tenantId: tenantId(),
    holderAccount: text('holder_account').notNull(),
    holderName: text('holder_name').notNull(),
    shareHash: text('share_hash').notNull(),
    shareSealed: text('share_sealed'),
    downloadedAt: at('downloaded_at'),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.splitId, t.holderId] }),
    index('key_shares_holder_idx').on(t.tenantId, t.holderId),
  ],
);

/**
 * The data keys each device's state lists, and whether each is escrowed under the tenant's
 * current escrow key (`escrowed_at`): the "not escrowed" count and list read a partial index of
 * those that are not, never every device.
 */
export const deviceKeys = pgTable(
  'device_keys',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    tenantId: tenantId(),
    seenAt: at('seen_at').notNull(),
    escrowedAt: at('escrowed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.keyId] }),
    index('device_keys_tenant_idx').on(t.tenantId, t.deviceId),
    index('device_keys_missing_idx')
      .on(t.tenantId, t.deviceId)
      .where(sql`escrowed_at is null`),
  ],
);

/** Data keys as engines wrapped them to an escrow public key (an age file each). */
export const escrowedKeys = pgTable(
  'escrowed_keys',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    keyId: text('key_id').notNull(),
    escrowKeyId: uuid('escrow_key_id')
      .notNull()
      .references(() => escrowKeys.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    wrapped: text('wrapped').notNull(),
    escrowedAt: at('escrowed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.keyId, t.escrowKeyId] })],
);

/** Recoveries of a device's data key; the delivery sealed and the file kept only until used. */
export const keyRecoveries = pgTable(
  'key_recoveries',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    deviceName: text('device_name').notNull(),
    keyId: text('key_id').notNull(),
    escrowKeyId: uuid('escrow_key_id').notNull(),
    splitId: uuid('split_id').notNull(),
    threshold: integer('threshold').notNull(),
    reason: text('reason').notNull(),
    deliver: text('deliver').$type<'passphrase' | 'recipient'>().notNull(),
    /** The recipient, or the passphrase's age scrypt wrap key, sealed; cleared when it ends. */
    deliverSealed: text('deliver_sealed'),
    state: text('state').$type<RecoveryState>().notNull(),
    requestedById: uuid('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    completedAt: at('completed_at'),
    deliveredAt: at('delivered_at'),
    /** The recovery file (armoured age) until its requester downloads it. */
    file: text('file'),
  },
  (t) => [
    index('key_recoveries_list_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('key_recoveries_state_idx').on(t.tenantId, t.state, t.createdAt.desc(), t.id.desc()),
    index('key_recoveries_expiry_idx')
      .on(t.expiresAt)
      .where(sql`state = 'open'`),
    check(
      'key_recoveries_state_check',
      sql`state in ('open', 'completed', 'delivered', 'expired', 'cancelled')`,
    ),
  ],
);

/** Who presented a share to a recovery; the share sealed until the recovery ends. */
export const recoveryShares = pgTable(
  'recovery_shares',
  {
    recoveryId: uuid('recovery_id')
      .notNull()
      .references(() => keyRecoveries.id, { onDelete: 'cascade' }),
    holderId: uuid('holder_id').notNull(),
    holderAccount: text('holder_account').notNull(),
    holderName: text('holder_name').notNull(),
    shareSealed: text('share_sealed'),
    presentedAt: at('presented_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.recoveryId, t.holderId] })],
);

/**
 * A tenant's own window-signing keys (docs/keys.md "Rotation"): the current one signs its windows;
 * the older ones sign the announcement of the current one to engines still holding them.
 * Before a tenant's first rotation it signs with the console's shared key (`console_keys`); a
 * `revoked` row with no private half records that shared key revoked for this tenant.
 */
export const windowKeys = pgTable(
  'window_keys',
  {
    tenantId: tenantId(),
    /** The key's id: a window's `kid` (16 hex). */
    id: text('id').notNull(),
    publicPem: text('public_pem').notNull(),
    /** PKCS#8 under the KEK; null for the console's shared key revoked for this tenant. */
    privateWrapped: text('private_wrapped'),
    state: text('state').$type<'current' | 'previous' | 'revoked'>().notNull(),
    createdAt: at('created_at').notNull(),
    /** When it stopped signing windows (rotated), or was revoked. */
    endedAt: at('ended_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('window_keys_current_uq')
      .on(t.tenantId)
      .where(sql`state = 'current'`),
    check('window_keys_state_check', sql`state in ('current', 'previous', 'revoked')`),
  ],
);

/** The window-signing key each device's engine reports trusting (`ZEngineState.windowKey`). */
export const deviceWindowKeys = pgTable(
  'device_window_keys',
  {
    deviceId: uuid('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    keyId: text('key_id').notNull(),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [index('device_window_keys_tenant_idx').on(t.tenantId, t.keyId)],
);

/** Key incidents (docs/keys.md "Incidents"): what was declared and what its action touches. */
export const keyIncidents = pgTable(
  'key_incidents',
  {
    id: uuid('id').primaryKey(),
    tenantId: tenantId(),
    kind: text('kind').$type<IncidentKind>().notNull(),
    state: text('state').$type<IncidentState>().notNull(),
    note: text('note').notNull(),
    /** `share`: the holder whose share was lost or exposed; the split made without it. */
    holderId: uuid('holder_id'),
    holderAccount: text('holder_account'),
    holderName: text('holder_name'),
    splitId: uuid('split_id'),
    /** `device`: the device, and the task that rotates its data keys. */
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name'),
    taskId: uuid('task_id'),
    /** `escrowKey` / `windowKey`: the key the rotation replaced. */
    replacedKeyId: text('replaced_key_id'),
    declaredById: uuid('declared_by_id'),
    declaredBy: text('declared_by').notNull(),
    declaredByName: text('declared_by_name').notNull(),
    declaredAt: at('declared_at').notNull(),
    containedAt: at('contained_at'),
    closedAt: at('closed_at'),
  },
  (t) => [
    index('key_incidents_list_idx').on(t.tenantId, t.declaredAt.desc(), t.id.desc()),
    index('key_incidents_state_idx').on(t.tenantId, t.state, t.declaredAt.desc(), t.id.desc()),
    check('key_incidents_kind_check', sql`kind in ('share', 'escrowKey', 'device', 'windowKey')`),
    check('key_incidents_state_check', sql`state in ('open', 'contained', 'closed')`),
  ],
);

/** An incident's timeline. */
export const keyIncidentEvents = pgTable(
  'key_incident_events',
  {
    id: uuid('id').primaryKey(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => keyIncidents.id, { onDelete: 'cascade' }),
    tenantId: tenantId(),
    at: at('at').notNull(),
    byId: uuid('by_id'),
    by: text('by'),
    byName: text('by_name'),
    event: text('event').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [index('key_incident_events_incident_idx').on(t.incidentId, t.at, t.id)],
);
