import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BuiltInRoleKey } from '@edp/shared/built-in-roles';
import type { MenuMode, RolePermission, RoleUserType, UserStatus } from '@edp/shared/permissions';
import { tenants } from './tenants.ts';

const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Group tree of a tenant. `path` holds the ids from the root ('/a/b/') for subtree queries. */
export const consoleGroups = pgTable(
  'console_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    number: text('number').notNull().default(''),
    level: integer('level').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => consoleGroups.id),
    path: text('path').notNull(),
    leader: text('leader').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('console_groups_name_uq').on(t.tenantId, t.name),
    index('console_groups_parent_idx').on(t.tenantId, t.parentId),
    index('console_groups_path_idx').on(t.tenantId, t.path.op('text_pattern_ops')),
  ],
);

/**
 * Roles: one duty (menu mode) each. The four made at setup carry their key (`builtInKey`, null
 * for roles users made): they are shown by the key in the reader's language, not by `name`.
 */
export const consoleRoles = pgTable(
  'console_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    menu: text('menu').$type<MenuMode>().notNull(),
    permission: text('permission').$type<RolePermission>().notNull(),
    userType: smallint('user_type').$type<RoleUserType>().notNull().default(3),
    builtInKey: text('built_in_key').$type<BuiltInRoleKey>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('console_roles_name_uq').on(t.tenantId, t.name),
    uniqueIndex('console_roles_built_in_key_uq').on(t.tenantId, t.builtInKey),
  ],
);

/** Groups associated with a role: they limit what the role's holders see (docs/console.md). */
export const consoleRoleGroups = pgTable(
  'console_role_groups',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => consoleRoles.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => consoleGroups.id),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.groupId] }),
    index('console_role_groups_group_idx').on(t.groupId),
  ],
);

/** Console users of a tenant. Deleted users stay (status 'deleted') until deleted permanently. */
export const consoleUsers = pgTable(
  'console_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    jobNo: text('job_no').notNull().default(''),
    duty: text('duty').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /** Set when someone else chose the password: the user must change it at the next login. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    status: text('status').$type<UserStatus>().notNull().default('normal'),
    roleId: uuid('role_id').references(() => consoleRoles.id),
    groupId: uuid('group_id').references(() => consoleGroups.id),
    /** The initial system administrator made at setup (docs/product.md §6 adminTag). */
    adminTag: boolean('admin_tag').notNull().default(false),
    /** Auto-login link: a random nonce the token is derived from, the token's hash and its end. */
    autoLoginNonce: text('auto_login_nonce'),
    autoLoginHash: text('auto_login_hash'),
    autoLoginExpiresAt: timestamp('auto_login_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('console_users_account_uq').on(t.tenantId, t.account),
    // /user/ug/list: one count + one page query by tenant, group and status, newest first.
    index('console_users_list_idx').on(t.tenantId, t.groupId, t.status, t.createdAt),
    // The same list without a group filter, newest first; the id is the list's tie-break, so
    // users created in one statement (same created_at) are still read in index order.
    index('console_users_recent_idx').on(t.tenantId, t.createdAt, t.id),
    index('console_users_role_idx').on(t.roleId),
    uniqueIndex('console_users_auto_login_uq').on(t.autoLoginHash),
  ],
);

/** Escrow of a group's devices to an upper-tier or sibling group (docs/product.md §6). One per group. */
export const consoleGroupEscrows = pgTable('console_group_escrows', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => consoleGroups.id, { onDelete: 'cascade' }),
  tenantId: tenantId(),
  toGroupId: uuid('to_group_id')
    .notNull()
    .references(() => consoleGroups.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['tiered', 'sibling'] }).notNull(),
  createdAt: createdAt(),
});

/** A user acting with another role's permissions between `startAt` and `endAt`. */
export const consoleProxies = pgTable(
  'console_proxies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => consoleUsers.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => consoleRoles.id, { onDelete: 'cascade' }),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('console_proxies_user_idx').on(t.userId, t.endAt)],
);

/**
 * An entry written while its actor held the audit duty ('audit' among `duty`): the system
 * administrator reviews these (console/audit/audit-readers.ts). One expression for the partial
 * index and the query, so the planner matches them.
 */
export const writtenUnderAuditDuty = (duty: AnyPgColumn) =>
  sql`'audit' = any(string_to_array(${duty}, ','))`;

/**
 * The audit log: every console change and login attempt. Append-only — no API edits or deletes
 * it; actor names are copied so entries outlive the users they name.
 */
export const consoleAudit = pgTable(
  'console_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    account: text('account').notNull().default(''),
    roleName: text('role_name').notNull().default(''),
    /** The actor's role's key when built in: the log shows its name in the reader's language. */
    roleKey: text('role_key').$type<BuiltInRoleKey>(),
    /**
     * The actor's duties when acting, proxied ones included ('system,operate,kss,audit' for a
     * super role); '' for unknown. Who reads the entry follows from it, never from what the
     * actor holds later.
     */
    duty: text('duty').notNull().default(''),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').$type<{
      before?: unknown;
      after?: unknown;
      note?: string;
      /** The devices the entry names (a bulk action's first few) and how many it touched. */
      devices?: { id: string; name: string }[];
      count?: number;
    }>(),
    ip: text('ip').notNull().default(''),
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    errCode: integer('err_code').notNull().default(0),
  },
  (t) => [
    // In the pages' own order (`order by at desc, id desc` puts nulls first), so a page is read
    // in index order rather than sorted from all the tenant's entries; the retention's deletes
    // by tenant and time use it too.
    index('console_audit_at_idx').on(
      t.tenantId,
      t.at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('console_audit_action_idx').on(t.tenantId, t.action, t.at.desc()),
    // The system administrator's pages: only the few entries written under the audit duty.
    index('console_audit_audit_duty_idx')
      .on(t.tenantId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(writtenUnderAuditDuty(t.duty)),
  ],
);

/** Login codes by SMS or e-mail: hashed, 10 minutes, single use, 5 tries; a new one voids the old. */
export const consoleLoginCodes = pgTable('console_login_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => consoleUsers.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Vendor-wide settings edited by the super administrator (/sa/sys/set); a single row. */
export const systemSettings = pgTable('system_settings', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings')
    .$type<Record<string, unknown>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  updatedAt: updatedAt(),
});
