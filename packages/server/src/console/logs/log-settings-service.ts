import type {
  TAuditRetention,
  TLogRules,
  TLogRulesView,
  TLogSettings,
} from '@edp/shared/contracts/logs';
import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { logSettingsRepository } from './log-settings-repository.ts';
import { isGlob } from './log-glob.ts';

/** The first pattern the glob engine cannot run (a class such as `[z-a]`) is refused, by field. */
function checkGlobs(b: TLogRules) {
  for (const [i, r] of b.rules.entries())
    for (const field of ['program', 'path'] as const)
      if (!isGlob(r[field]))
        throw new AppError(CommonErr.Invalid, {
          field: `body.rules.${i}.${field}`,
          detail: rule('glob'),
        });
}

/**
 * A tenant's log settings (docs/logs.md): the filtering rules (new events only: each node reads
 * them again within RULES_FRESH_MS), the logs' retention and backup, and the audit log's own
 * retention, which only the auditor's duty sets (its call says so). Each change is audited with
 * before and after.
 */
export function logSettingsService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    /** This node's rules are stale at once (log-ingest.ts). */
    rulesChanged: (tenantId: string) => void;
  },
) {
  const { db, clock, audit } = deps;
  const repo = logSettingsRepository(db);
  return {
    async rules(caller: Caller): Promise<TLogRulesView> {
      const s = await repo.get(caller.actor.tenantId);
      return {
        rules: s.rules,
        updatedBy: s.rulesBy,
        updatedAt: s.rulesAt ? s.rulesAt.toISOString() : null,
      };
    },
    async setRules(caller: Caller, b: TLogRules) {
      checkGlobs(b);
      const { tenantId, account } = caller.actor;
      const before = (await repo.get(tenantId)).rules;
      await repo.setRules(tenantId, b.rules, account, new Date(clock()));
      deps.rulesChanged(tenantId);
      await audit.change(caller, { target: '', before: { rules: before }, after: b });
    },
    async settings(caller: Caller): Promise<TLogSettings> {
      const s = await repo.get(caller.actor.tenantId);
      return { retentionMonths: s.retentionMonths, backup: s.backup };
    },
    async setSettings(caller: Caller, b: TLogSettings) {
      const { tenantId } = caller.actor;
      const s = await repo.get(tenantId);
      await repo.setRetention(tenantId, b.retentionMonths, b.backup);
      await audit.change(caller, {
        target: '',
        before: { retentionMonths: s.retentionMonths, backup: s.backup },
        after: b,
      });
    },
    async auditRetention(caller: Caller): Promise<TAuditRetention> {
      return { retentionMonths: (await repo.get(caller.actor.tenantId)).auditRetentionMonths };
    },
    async setAuditRetention(caller: Caller, b: TAuditRetention) {
      const { tenantId } = caller.actor;
      const before = (await repo.get(tenantId)).auditRetentionMonths;
      await repo.setAuditRetention(tenantId, b.retentionMonths);
      await audit.change(caller, {
        target: '',
        before: { retentionMonths: before },
        after: b,
      });
    },
  };
}
export type LogSettingsService = ReturnType<typeof logSettingsService>;
