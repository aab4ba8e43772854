import type { z } from 'zod';
import { roleNameIn } from '@edp/shared/built-in-roles';
import type {
  TAuditItem,
  ZAuditExportQuery,
  ZAuditFilter,
  ZAuditListRequest,
} from '@edp/shared/contracts/console-admin';
import type { TList } from '@edp/shared/contracts/common';
import { errorMessage, type Locale } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import type { Actor } from '../access/index.ts';
import { actionLabel, auditActions } from './audit-actions.ts';
import { auditCsvCells, auditCsvHeader } from './audit-csv.ts';
import { auditReaderOf } from './audit-readers.ts';
import {
  changesText,
  devicesIn,
  idsIn,
  readableChanges,
  readableNote,
  readableTarget,
  type Names,
} from './audit-detail.ts';
import { auditRepository, type AuditQuery, type AuditRow } from './audit-repository.ts';
import { DUTY_NAMES, RESULT_WORDS, SEPARATORS } from './audit-texts.ts';
import { tableFile, zonedDay, zonedTime } from '../../platform/export/index.ts';

/** Rows one export may hold; narrower filters export older entries. */
export const AUDIT_EXPORT_MAX = 100_000;

/** The actor's duties ('system,audit') in the reader's language. */
function dutyLabel(duty: string, locale: Locale): string {
  return duty
    .split(',')
    .filter(Boolean)
    .map((d) => DUTY_NAMES[d as keyof typeof DUTY_NAMES]?.[locale] ?? d)
    .join(SEPARATORS.list[locale]);
}

/** Why a call failed, in the reader's language (the message it answered, without blanks). */
function reasonOf(errCode: number, locale: Locale): string {
  return errCode ? errorMessage(errCode, locale).replace(/\s*[：:]\s*$/, '') : '';
}

/** An entry as the reader reads it; the raw action and detail stay for filters and tools. */
function entryOf(r: AuditRow, locale: Locale, names: Names): TAuditItem {
  const { devices, more } = devicesIn(r.detail);
  return {
    id: r.id,
    at: r.at.toISOString(),
    account: r.account,
    roleName: r.roleName,
    roleKey: r.roleKey ?? null,
    duty: r.duty,
    dutyLabel: dutyLabel(r.duty, locale),
    action: r.action,
    actionLabel: actionLabel(r.action, locale),
    target: r.target,
    targetLabel: readableTarget(r.target, r.detail, locale),
    devices,
    moreDevices: more,
    detail: r.detail ?? null,
    changes: readableChanges(r.detail, locale, names, r.action),
    note: readableNote(r.detail, locale),
    ip: r.ip,
    result: r.result,
    errCode: r.errCode,
    reason: reasonOf(r.errCode, locale),
  };
}

/**
 * Reading the audit log: every entry has a reviewer and nobody reviews their own
 * (audit-readers.ts; docs/console.md).
 */
export function auditQueryService({ db, clock }: Pick<Platform, 'db' | 'clock'>) {
  const repo = auditRepository(db);
  const queryOf = (actor: Actor, f: z.infer<typeof ZAuditFilter>): AuditQuery => ({
    ...f,
    tenantId: actor.tenantId,
    reader: auditReaderOf(actor),
  });
  const namesIn = (tenantId: string, rows: AuditRow[]) =>
    repo.namesOf(
      tenantId,
      rows.flatMap((r) => idsIn(r.detail)),
    );

  return {
    async list(
      actor: Actor,
      q: z.infer<typeof ZAuditListRequest>,
      locale: Locale,
    ): Promise<TList<TAuditItem>> {
      const { total, rows } = await repo.list({
        ...queryOf(actor, q),
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const names = await namesIn(actor.tenantId, rows);
      return {
        list: rows.map((r) => entryOf(r, locale, names)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** The export's file name: the day in the reader's zone. */
    fileName(tz: string | undefined, now = new Date(clock())) {
      return `audit-${zonedDay(tz ?? 'UTC', now)}.csv`;
    },

    /** The action filter's choices in the reader's language. */
    actions(locale: Locale) {
      return { list: auditActions(locale) };
    },

    /**
     * The CSV in the reader's language (platform/export: UTF-8 with a BOM, injection defused),
     * newest first, times in the reader's zone (default UTC) with the offset written, read in
     * keyset pages. Its first chunk holds the header and the first page, so a caller that awaits
     * it before answering learns of a failing query while it can still answer in the envelope.
     */
    csv(
      actor: Actor,
      { tz, ...filter }: z.infer<typeof ZAuditExportQuery>,
      locale: Locale,
    ): AsyncGenerator<string | Buffer> {
      const zone = tz ?? 'UTC';
      const time = zonedTime(zone);
      const timeOfIso = (iso: string) => time(new Date(iso));
      async function* rows() {
        for await (const page of repo.stream(queryOf(actor, filter), AUDIT_EXPORT_MAX)) {
          const names = await namesIn(actor.tenantId, page);
          yield page.map((r) => {
            const e = entryOf(r, locale, names);
            return auditCsvCells({
              time: time(r.at),
              account: e.account,
              role: roleNameIn({ name: e.roleName, key: e.roleKey }, locale),
              duty: e.dutyLabel,
              action: e.actionLabel,
              target: e.targetLabel,
              detail: changesText(e.changes, e.note, locale, timeOfIso),
              ip: e.ip,
              result: RESULT_WORDS[e.result][locale],
              errCode: e.errCode || '',
              reason: e.reason,
            });
          });
        }
      }
      return tableFile('csv', {
        header: auditCsvHeader(locale, zone),
        sheet: 'audit',
        rows: rows(),
      });
    },
  };
}
export type AuditQueryService = ReturnType<typeof auditQueryService>;
