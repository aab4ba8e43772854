import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { EngineKind } from '@edp/shared/constants';
import { tenants } from './tenants.ts';

/**
 * An installer a tenant's security operator uploaded (docs/engines.md "Installers"). The file
 * itself lives under DATA_DIR/installers/<tenant>/<id>; the row holds what the list shows. One
 * version per product and system version.
 */
export const installers = pgTable(
  'installers',
  {
    id: uuid('id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** As uploaded; only the download's Content-Disposition uses it, never a path. */
    fileName: text('file_name').notNull(),
    version: text('version').notNull(),
    kind: text('kind').$type<EngineKind>().notNull(),
    systemVersion: text('system_version').notNull(),
    description: text('description').notNull().default(''),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    /** The uploader's account at the time (kept when the user is deleted). */
    uploader: text('uploader').notNull(),
    uploaderId: uuid('uploader_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('installers_version_uq').on(t.tenantId, t.kind, t.systemVersion, t.version),
    index('installers_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id),
  ],
);
