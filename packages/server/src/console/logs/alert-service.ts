import type {
  TAlertFilter,
  TAlertHandle,
  TAlertItem,
  TAlertListRequest,
  TAlertPage,
  TAlertPreview,
} from '@edp/shared/contracts/logs';
import { CommonErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { AuditService } from '../audit/index.ts';
import type { Actor, Caller } from '../access/index.ts';
import { alertRepository, type AlertListRow, type AlertWhere } from './alert-repository.ts';
import { cursorOf, itemOf, readCursor, whereOf } from './log-reads.ts';

/** Alerts a preview shows of what a change by filter would touch. */
export const PREVIEW_SAMPLE = 10;

const alertItemOf = (r: AlertListRow): TAlertItem => ({
  ...itemOf(r),
  state: r.state,
  source: r.source,
  ruleName: r.ruleName,
  changedBy: r.changedBy,
  changedAt: r.changedAt ? new Date(r.changedAt).toISOString() : null,
  note: r.note,
});

/**
 * Alert messages (docs/logs.md "Alerts"): DPI alterations and rule hits, new, seen or handled;
 * read by the logs' readers, changed by the security operator, one at a time or many by filter
 * after a preview, with who and when kept on each and the change in the audit log.
 */
export function alertService(deps: Pick<Platform, 'db' | 'clock'> & { audit: AuditService }) {
  const { db, clock, audit } = deps;
  const repo = alertRepository(db);

  async function alertWhere(actor: Actor, f: TAlertFilter): Promise<AlertWhere> {
    const w = await whereOf(deps, actor, f);
    return { ...w, state: f.state, source: f.source };
  }

  return {
    async list(caller: Caller, q: TAlertListRequest): Promise<TAlertPage> {
      const after = readCursor(q.cursor);
      const rows = await repo.page(await alertWhere(caller.actor, q), q.pageSize + 1, after);
      const more = rows.length > q.pageSize;
      const list = more ? rows.slice(0, q.pageSize) : rows;
      return {
        list: list.map(alertItemOf),
        next: more ? cursorOf(list[list.length - 1]!) : null,
      };
    },

    /** How many a filter would change, the first of them, and the bound the change keeps to. */
    async preview(caller: Caller, filter: TAlertFilter): Promise<TAlertPreview> {
      const w = await alertWhere(caller.actor, filter);
      const { count, newest } = await repo.count(w);
      const sample = await repo.page({ ...w, upTo: newest }, PREVIEW_SAMPLE);
      return { count, sample: sample.map(alertItemOf), asOf: String(newest) };
    },

    async handle(caller: Caller, b: TAlertHandle): Promise<{ count: number }> {
      const { actor } = caller;
      let where: AlertWhere;
      if (b.ids) {
        const ids = [...new Set(b.ids)];
        where = { ...(await alertWhere(actor, { range: '12m' })), ids };
        // An id of another tenant, outside the caller's groups or unknown answers 404.
        if ((await repo.page(where, ids.length)).length !== ids.length)
          throw new AppError(CommonErr.NotFound);
      } else {
        where = { ...(await alertWhere(actor, b.filter!)), upTo: b.asOf! };
      }
      const count = await repo.setState(where, {
        state: b.state,
        byId: actor.userId,
        by: actor.account,
        at: new Date(clock()),
        note: b.note,
      });
      await audit.change(caller, {
        target: b.ids ? b.ids.join(', ') : '',
        after: { state: b.state, ...(b.note ? { note: b.note } : {}) },
        ...(b.filter ? { before: { filter: b.filter } } : {}),
        count,
      });
      return { count };
    },
  };
}
export type AlertService = ReturnType<typeof alertService>;
