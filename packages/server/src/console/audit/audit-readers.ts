import type { MenuMode } from '@edp/shared/permissions';
import type { AuditReader } from './audit-repository.ts';

/**
 * Who reviews whose entries (docs/console.md "Audit log", issue 35). The rule is by the duties
 * the actor held when the entry was written — recorded on it as `duty`, proxies included — and
 * by the person, never by what anyone holds now:
 *
 * - a reader holding the audit duty (own role, super role or proxy) reads every entry of the
 *   tenant except their own;
 * - a reader holding the system duty reads the entries written under the audit duty (the
 *   auditors', the super role's, a proxy window's of the auditor's role) except their own, so an
 *   auditor's work has a reviewer even where the tenant has one auditor;
 * - nobody else reads the log (the calls' access refuses them first).
 */
export function auditReaderOf(actor: { userId: string; menus: readonly MenuMode[] }): AuditReader {
  if (actor.menus.includes('audit')) return { userId: actor.userId, reads: 'all' };
  if (actor.menus.includes('system')) return { userId: actor.userId, reads: 'auditDuty' };
  return { userId: actor.userId, reads: 'none' };
}
