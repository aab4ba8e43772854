import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EngineKind } from '@edp/shared/constants';
import type { DeviceActivityKind, TDeviceActivityDetail } from '@edp/shared/contracts/devices';
import type {
  ActivationState,
  DetectionState,
  DeviceStatus,
  InstallState,
  ProtectionMode,
} from '@edp/shared/contracts/engine';
import { consoleGroups } from './console.ts';
import { tenants } from './tenants.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A device of a tenant's fleet and the engine on it (docs/engines.md). Identity comes from
 * enrolment (or the console, for a device added before its engine); state from check-ins,
 * written only when it changes; `last_seen_at` is written in batches, at most every minute or
 * so per device (engines/presence.ts), and carries no index so those updates stay cheap.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => consoleGroups.id),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    ip: text('ip').notNull().default(''),
    systemType: text('system_type').notNull().default(''),
    kernel: text('kernel').notNull().default(''),
    version: text('version').notNull().default(''),
    kind: text('kind').$type<EngineKind>().notNull(),
    port: integer('port'),
    collectorIp: text('collector_ip'),
    qid: text('qid').notNull().default(''),
    /** Null for a device added in the console whose engine has not enrolled yet. */
    fingerprint: text('fingerprint'),
    remark: text('remark').notNull().default(''),
    status: text('status').$type<DeviceStatus>().notNull().default('running'),
    install: text('install').$type<InstallState>().notNull().default('none'),
    detection: text('detection').$type<DetectionState>().notNull().default('none'),
    activation: text('activation').$type<ActivationState>().notNull().default('inactive'),
    protected: jsonb('protected')
      .$type<{ path: string; mode: ProtectionMode; files: number }[]>()
      .notNull()
      .default([]),
    licenceCode: text('licence_code'),
    licenceSerial: integer('licence_serial'),
    licenceExpiresAt: at('licence_expires_at'),
    /** SHA-256 of the last state written: a check-in with the same state writes nothing. */
    stateDigest: text('state_digest'),
    stateChangedAt: at('state_changed_at'),
    /** SHA-256 of the device token; null until enrolment. Kept on deprecation, to refuse it by name. */
    tokenHash: text('token_hash').unique(),
    intervalS: integer('interval_s').notNull().default(30),
    enrolledAt: at('enrolled_at'),
    lastSeenAt: at('last_seen_at'),
    deprecatedAt: at('deprecated_at'),
    /** The secret the engine last enrolled with (null: added in the console, or before 0012). */
    enrolSecretId: uuid('enrol_secret_id').references((): AnyPgColumn => deviceEnrolSecrets.id, {
      onDelete: 'set null',
    }),
    /**
     * The Ed25519 public key (raw, base64url) the engine made at its enrolment: a re-enrolment
     * signs with it (docs/engines.md "Re-enrolment"). Null: an engine from before keys, proven
     * by its token until it enrols again.
     */
    engineKey: text('engine_key').unique(),
    /** The time of the last key proof accepted: an older or equal one is a replay. */
    enrolProofAt: at('enrol_proof_at'),
    /** Until then an enrolment with the fingerprint needs no proof (the console's allowance). */
    reenrolUntil: at('reenrol_until'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_fingerprint_uq').on(t.tenantId, t.fingerprint),
    // The list's default order with the group in the index: a page (however deep) is found
    // from the index alone, then its rows are read (device-repository.ts, "deferred join").
    index('devices_list_idx').on(t.tenantId, t.status, t.createdAt, t.id, t.groupId),
    index('devices_name_idx').on(t.tenantId, t.status, t.name, t.id),
    index('devices_group_idx').on(t.groupId),
    // The home overview: licences ending soon is a range of this index, recent enrolments its
    // last entries; neither reads the tenant's other devices.
    index('devices_expiry_idx').on(t.tenantId, t.status, t.licenceExpiresAt),
    index('devices_enrolled_idx').on(t.tenantId, t.status, t.enrolledAt),
    // The tenants whose running engines report a version (the vendor's customers filtered by
    // version, and the versions listed): its range for a version, read from the index alone.
    index('devices_running_version_idx')
      .on(t.version, t.tenantId)
      .where(sql`${t.status} = 'running'`),
    // The engines enrolled with each secret, counted for the secrets' list.
    index('devices_enrol_secret_idx').on(t.enrolSecretId),
  ],
);

/**
 * A group's named enrolment secrets (docs/engines.md "Enrolment secrets"): engines present one
 * once, to get their own device token. Several may be live at once; a revoked or expired one
 * enrols no more, and stays listed. Only the SHA-256 is kept (enrolment looks it up by the unique
 * index, one probe), and the last four characters, so that a person can tell which one they hold.
 */
export const deviceEnrolSecrets = pgTable(
  'device_enrol_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => consoleGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    hint: text('hint').notNull(),
    /** The maker's account at the time ('' for the secrets made before they had names). */
    createdBy: text('created_by').notNull().default(''),
    createdById: uuid('created_by_id'),
    createdAt: createdAt(),
    expiresAt: at('expires_at'),
    revokedAt: at('revoked_at'),
    revokedBy: text('revoked_by'),
    revokedById: uuid('revoked_by_id'),
  },
  (t) => [index('device_enrol_secrets_group_idx').on(t.groupId, t.createdAt)],
);

/** Heartbeat history, compactly: per device and UTC day, bit i of `hours` = seen during hour i. */
export const deviceUptime = pgTable(
  'device_uptime',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hours: integer('hours').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.day] })],
);

/**
 * A device's own history, append-only: enrolled, added, edited, moved, deprecated, went offline
 * and came back, licence changed. Console actions write it (a bulk action in the same statement
 * as its change, one INSERT … SELECT for all its devices); engine-side facts come from the
 * statements that already write check-ins (console/devices/device-checkin-repository.ts). `account` is the
 * user's account, null for the engine. Deleting a device for good deletes its activity; the
 * tenant column scopes reads and needs no key of its own (the device's cascade removes rows).
 */
export const deviceActivity = pgTable(
  'device_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: uuid('tenant_id').notNull(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<DeviceActivityKind>().notNull(),
    actorId: uuid('actor_id'),
    account: text('account'),
    detail: jsonb('detail').$type<TDeviceActivityDetail>().notNull().default({}),
  },
  // Newest first, keyset-paged: (at, id) after the last one read, within one device.
  (t) => [
    index('device_activity_device_idx').on(
      t.deviceId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
