import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Captcha answers, single use, 5 minutes (docs/architecture.md §8 item 3). Keyed by the id's hash. */
export const captchas = pgTable('captchas', {
  idHash: text('id_hash').primaryKey(),
  answer: text('answer').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed logins, counted per account and per source address (docs/architecture.md §8 item 2). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope').notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.scope, t.account, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);
