import type { Db } from '../../platform/db/index.ts';
import { warningRepository } from './warning-repository.ts';

/**
 * A key incident to the tenant's warning channels (docs/notifications.md, cause `keyIncident`):
 * opened as a warning the notifier sends to every recipient once, like a failed task. Answers
 * whether it was opened (false when the tenant's warnings, or this cause, are off).
 */
export function keyIncidentWarning(db: Db) {
  const repo = warningRepository(db);
  return (w: {
    tenantId: string;
    incidentId: string;
    kind: string;
    label: string;
    at: Date;
  }): Promise<boolean> =>
    repo.openKeyIncident({
      tenantId: w.tenantId,
      subject: w.incidentId,
      label: w.label,
      detail: { kind: w.kind },
      now: w.at,
    });
}
