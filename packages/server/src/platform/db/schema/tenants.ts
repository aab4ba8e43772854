import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TStoredLoginSet } from '@edp/shared/contracts/tenant';
import { companies } from './portal.ts';

/** A tenant ("owner") of the management console, found by the host it is served on. */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull().unique(),
    sysName: text('sys_name').notNull().default(''),
    company: text('company').notNull().default(''),
    sms: boolean('sms').notNull().default(false),
    loginSet: jsonb('login_set').$type<TStoredLoginSet>(),
    /** The vendor's super administrator may deactivate a tenant: its users can no longer sign in. */
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    /**
     * The customer (a company of the portal) this tenant is, as the vendor linked them; a company
     * may run several tenants. Null until linked; a customer is never deleted.
     */
    companyId: uuid('company_id').references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tenants_company_idx').on(t.companyId)],
);
