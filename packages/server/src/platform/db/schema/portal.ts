import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
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
import { VERSION_STATES } from '@edp/shared/contracts/product-versions';
import { bytea } from './bytea.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A company registered on the customer portal; `balance` is a whole number of months. */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    company: text('company').notNull(),
    contact: text('contact').notNull().default(''),
    phone: text('phone').notNull().default(''),
    language: text('language').notNull().default('zh-CN'),
    balance: integer('balance').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The database itself refuses a negative balance, whatever a service does.
    check('companies_balance_non_negative', sql`${t.balance} >= 0`),
    // The vendor's customer list in each of its orders: a page, however deep, is read from the
    // index (customer-read-model in portal/store).
    index('companies_created_idx').on(t.createdAt, t.id),
    index('companies_name_idx').on(t.company, t.id),
    index('companies_balance_idx').on(t.balance, t.id),
  ],
);

/** Six-digit e-mail codes, one live code per address and purpose (a new one replaces it). */
export const emailCodes = pgTable(
  'email_codes',
  {
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);

/**
 * A product version as the vendor releases it (docs/portal.md "Product versions"): one engine
 * kind for one system, its notes in both languages and its state (VERSION_MOVES in
 * shared/contracts/product-versions.ts).
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<EngineKind>().notNull(),
    systemType: text('system_type').notNull(),
    number: text('number').notNull(),
    notesZh: text('notes_zh').notNull().default(''),
    notesEn: text('notes_en').notNull().default(''),
    state: text('state', { enum: VERSION_STATES }).notNull().default('draft'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_versions_uq').on(t.kind, t.systemType, t.number),
    index('product_versions_created_idx').on(t.createdAt, t.id),
  ],
);

/** The vendor's super administrators (`/sa/*`). */
export const superAdmins = pgTable('super_admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  account: text('account').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

/**
 * The vendor's audit log: every change a super administrator makes (packages and codes, the
 * console's tenants and their users, the system settings). Append-only, no call edits or deletes
 * it; the account is copied so an entry outlives the administrator, and `tenant_id` is kept
 * without a reference so a deleted tenant's entries stay.
 */
export const vendorAudit = pgTable(
  'vendor_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    account: text('account').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    tenantId: uuid('tenant_id'),
    detail: jsonb('detail').$type<{ before?: unknown; after?: unknown }>(),
    ip: text('ip').notNull().default(''),
  },
  // Pages run newest first by id (insertion order), whole or for one tenant.
  (t) => [index('vendor_audit_tenant_idx').on(t.tenantId, t.id.desc())],
);

/** A recharge package: what a recharge code is worth. Deleted packages stay for history. */
export const rechargePackages = pgTable('recharge_packages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  months: integer('months').notNull(),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Single-use recharge codes; only the SHA-256 of a code is stored (it is a bearer secret). */
export const rechargeCodes = pgTable(
  'recharge_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => rechargePackages.id),
    codeHash: text('code_hash').notNull().unique(),
    months: integer('months').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => companies.id),
  },
  (t) => [index('recharge_codes_package_idx').on(t.packageId)],
);

/** An engine of a company: one (device, kind) pair, known from the first uploaded request. */
export const engines = pgTable(
  'engines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    deviceId: text('device_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
    lastRequestAt: timestamp('last_request_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('engines_company_device_kind_uq').on(t.companyId, t.deviceId, t.kind),
    index('engines_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** A licence request (`.dat`) as uploaded; the same requestId within a company is one row. */
export const licenceRequests = pgTable(
  'licence_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    engineId: uuid('engine_id')
      .notNull()
      .references(() => engines.id),
    requestId: text('request_id').notNull(),
    ver: integer('ver').notNull(),
    product: text('product').notNull(),
    fingerprint: text('fingerprint').notNull(),
    consoleTime: timestamp('console_time', { withTimezone: true }).notNull(),
    installedSerial: integer('installed_serial').notNull(),
    monthsAsked: integer('months_asked').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('licence_requests_company_request_uq').on(t.companyId, t.requestId)],
);

/** The licence of one engine; renewals extend it and raise its serial. */
export const licences = pgTable(
  'licences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    engineId: uuid('engine_id')
      .notNull()
      .unique()
      .references(() => engines.id),
    code: text('code').notNull().unique(),
    serial: integer('serial').notNull(),
    maxDevices: integer('max_devices').notNull().default(1),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // My license pages and filters by expiry within one company; with the id, the index gives
  // the page's exact order (expiry, id), so a page reads its rows and no sort is needed.
  (t) => [index('licences_company_expires_idx').on(t.companyId, t.expiresAt, t.id)],
);

/** Every signed file handed out: licence certificates (issues, renewals) and elevation files. */
export const issueRecords = pgTable(
  'issue_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: ['licence', 'elevation'] }).notNull(),
    licenceId: uuid('licence_id')
      .notNull()
      .references(() => licences.id),
    engineId: uuid('engine_id')
      .notNull()
      .references(() => engines.id),
    deviceId: text('device_id').notNull(),
    /** Set for certificates only: makes a repeated issue of one request find the first. */
    requestId: text('request_id'),
    serial: integer('serial').notNull(),
    months: integer('months').notNull().default(0),
    cost: integer('cost').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    fileName: text('file_name').notNull(),
    fileText: text('file_text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issue_records_company_request_uq').on(t.companyId, t.requestId),
    index('issue_records_company_created_idx').on(t.companyId, t.createdAt),
    index('issue_records_company_device_idx').on(t.companyId, t.deviceId, t.createdAt),
    index('issue_records_licence_idx').on(t.licenceId, t.createdAt),
  ],
);

/** Balance history: recharges (+) and deductions for issued certificates (−). */
export const balanceRecords = pgTable(
  'balance_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type', { enum: ['recharge', 'issue'] }).notNull(),
    change: integer('change').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    rechargeCodeId: uuid('recharge_code_id').references(() => rechargeCodes.id),
    issueRecordId: uuid('issue_record_id').references(() => issueRecords.id),
    createdAt: createdAt(),
  },
  (t) => [index('balance_records_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * A customer's request to the vendor (SPEC §3 "Request"; docs/portal.md "Support requests"), with its
 * status and test status (STATUS_MOVES, TEST_MOVES in shared/contracts/support-requests.ts).
 * `no` is the number people quote, and the order of every list (keyset pages by it).
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    no: bigserial('no', { mode: 'number' }).notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    project: text('project').notNull().default(''),
    product: text('product').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    priority: text('priority', { enum: ['low', 'middle', 'high'] }).notNull(),
    expectedAt: timestamp('expected_at', { withTimezone: true }).notNull(),
    remarks: text('remarks').notNull().default(''),
    status: text('status', { enum: ['new', 'processing', 'solved', 'dismissed'] })
      .notNull()
      .default('new'),
    statusReason: text('status_reason').notNull().default(''),
    testStatus: text('test_status', { enum: ['testing', 'passed', 'failed'] }),
    replies: integer('replies').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A company's own list, and the vendor's by customer, newest first.
    index('support_requests_company_idx').on(t.companyId, t.no.desc()),
    // The vendor's list by status, and the open ones' expected times (overdue).
    index('support_requests_status_idx').on(t.status, t.no.desc()),
    // The lists sorted by expected time or by last change, either way (keyset with the number).
    index('support_requests_expected_idx').on(t.expectedAt, t.no),
    index('support_requests_updated_idx').on(t.updatedAt, t.no),
    index('support_requests_open_expected_idx')
      .on(t.expectedAt)
      .where(sql`${t.status} in ('new', 'processing')`),
  ],
);

/** The questions and answers on a request, both sides, oldest first. */
export const supportRequestMessages = pgTable(
  'support_request_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['customer', 'vendor'] }).notNull(),
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_request_messages_request_idx').on(t.requestId, t.id)],
);

/** Files attached to a request or a reply (ATTACHMENT_TYPES, at most 5 MiB each), bytes kept here. */
export const supportRequestFiles = pgTable(
  'support_request_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['customer', 'vendor'] }).notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_request_files_request_idx').on(t.requestId, t.createdAt)],
);
