import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EngineKind } from '@edp/shared/constants';
import type { LicencePurpose } from '@edp/shared/contracts/licences';
import { devices } from './devices.ts';
import { tenants } from './tenants.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A licence request file the console made (docs/licences.md): a certificate is accepted only
 * for a request made here, for the fingerprint the engine gave then. A request is answered once:
 * its `licence.install` command (args.requestId) being open or finished is what says so, so no
 * second state is kept here to drift from it.
 */
export const deviceLicenceRequests = pgTable(
  'device_licence_requests',
  {
    requestId: text('request_id').primaryKey(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<LicencePurpose>().notNull(),
    kind: text('kind').$type<EngineKind>().notNull(),
    fingerprint: text('fingerprint').notNull(),
    installedSerial: integer('installed_serial').notNull(),
    months: integer('months').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('device_licence_requests_device_idx').on(t.deviceId, t.createdAt)],
);
