import { eq, sql } from 'drizzle-orm';
import type { TLogRule } from '@edp/shared/contracts/logs';
import { logSettings, type Db } from '../../platform/db/index.ts';
import { tenantIdsSql } from '../store/index.ts';

export type LogSettingsRow = typeof logSettings.$inferSelect;

/** A tenant's row before anyone set anything: the columns' defaults. */
const defaults = (tenantId: string): LogSettingsRow => ({
  tenantId,
  rules: [],
  rulesBy: null,
  rulesAt: null,
  retentionMonths: 6,
  backup: true,
  auditRetentionMonths: 12,
});

/** A tenant's log settings (docs/logs.md): filtering rules, retention, the audit log's own. */
export function logSettingsRepository(db: Db) {
  const upsert = (tenantId: string, set: Partial<Omit<LogSettingsRow, 'tenantId'>>) =>
    db
      .insert(logSettings)
      .values({ ...defaults(tenantId), ...set })
      .onConflictDoUpdate({ target: logSettings.tenantId, set });
  return {
    async get(tenantId: string): Promise<LogSettingsRow> {
      const [row] = await db.select().from(logSettings).where(eq(logSettings.tenantId, tenantId));
      return row ?? defaults(tenantId);
    },
    async setRules(tenantId: string, rules: TLogRule[], by: string, at: Date) {
      await upsert(tenantId, { rules, rulesBy: by, rulesAt: at });
    },
    async setRetention(tenantId: string, retentionMonths: number, backup: boolean) {
      await upsert(tenantId, { retentionMonths, backup });
    },
    async setAuditRetention(tenantId: string, auditRetentionMonths: number) {
      await upsert(tenantId, { auditRetentionMonths });
    },
    /** Every tenant's retention, the defaults' for tenants that never set one. */
    async retentions(): Promise<Retention[]> {
      const rows = await db.execute(sql`
        select t.id as "tenantId", coalesce(s.retention_months, 6) as "retentionMonths",
          coalesce(s.backup, true) as backup,
          coalesce(s.audit_retention_months, 12) as "auditRetentionMonths"
        from (${tenantIdsSql}) t left join log_settings s on s.tenant_id = t.id`);
      return (rows as unknown as { rows: Retention[] }).rows;
    },
  };
}
/** A tenant's retentions and backup choice, with the defaults for a tenant that set none. */
export interface Retention {
  tenantId: string;
  retentionMonths: number;
  backup: boolean;
  auditRetentionMonths: number;
}

export type LogSettingsRepository = ReturnType<typeof logSettingsRepository>;
