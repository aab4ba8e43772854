import type { z } from 'zod';
import type {
  TAuditItem,
  ZAuditFilter,
  ZAuditListRequest,
} from '@edp/shared/contracts/console-admin';
import type { TList } from '@edp/shared/contracts/common';
import type { Db } from '../../platform/db/index.ts';
import type { Actor } from '../access/index.ts';
import { AUDIT_CSV_HEADER, auditCsvLine, csvLine } from './audit-csv.ts';
import { auditRepository, type AuditQuery, type AuditRow } from './audit-repository.ts';

/** Rows one export may hold; narrower filters export older entries. */
export const AUDIT_EXPORT_MAX = 100_000;

const item = (r: AuditRow): TAuditItem => ({
  id: r.id,
  at: r.at.toISOString(),
  account: r.account,
  roleName: r.roleName,
  duty: r.duty,
  action: r.action,
  target: r.target,
  detail: r.detail ?? null,
  ip: r.ip,
  result: r.result,
  errCode: r.errCode,
});

/** Reading the audit log: the auditor sees what the other duties did (docs/console.md). */
export function auditQueryService(db: Db) {
  const repo = auditRepository(db);
  const queryOf = (actor: Actor, f: z.infer<typeof ZAuditFilter>): AuditQuery => ({
    ...f,
    tenantId: actor.tenantId,
    // A super role holds every duty and reads everything; an auditor reads the other three.
    excludeAuditors: actor.userType !== 1,
  });

  return {
    async list(actor: Actor, q: z.infer<typeof ZAuditListRequest>): Promise<TList<TAuditItem>> {
      const { total, rows } = await repo.list({
        ...queryOf(actor, q),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { list: rows.map(item), total, page: q.page, pageSize: q.pageSize };
    },

    /**
     * CSV lines (UTF-8 with a BOM so spreadsheets read Chinese right), newest first. The first
     * chunk holds the header and the first page, so a caller that awaits it before answering
     * learns of a failing query while it can still answer in the envelope.
     */
    async *csv(actor: Actor, f: z.infer<typeof ZAuditFilter>): AsyncGenerator<string> {
      let header = `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
      for await (const rows of repo.stream(queryOf(actor, f), AUDIT_EXPORT_MAX)) {
        yield header + rows.map(auditCsvLine).join('');
        header = '';
      }
      if (header) yield header;
    },
  };
}
