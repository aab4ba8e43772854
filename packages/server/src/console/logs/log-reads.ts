import type {
  TAccessLogExportQuery,
  TAccessLogFilter,
  TDpiAltersRequest,
  TLogItem,
  TLogPage,
  TMonitorLogExportQuery,
  TMonitorLogFilter,
} from '@edp/shared/contracts/logs';
import { readTimeIdCursor, timeIdCursor } from '@edp/shared/contracts/common';
import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr, ConsoleErr, type Locale } from '@edp/shared/errors';
import { LOG_EXPORT_COLUMNS, logWord, type LogExportColumn } from '@edp/shared/log-words';
import { tableFile, zonedDay, zonedTime } from '../../platform/export/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Actor, Caller } from '../access/index.ts';
import { groupsOfFilter, visibleDeviceGroups } from '../devices/index.ts';
import { deviceReadModel } from '../store/index.ts';
import {
  logRepository,
  type LogKey,
  type LogRow,
  type LogTableName,
  type LogWhere,
} from './log-repository.ts';
import { logSettingsRepository } from './log-settings-repository.ts';
import { spanOf } from './log-range.ts';

/** A page's `next`: the last row's time as the database wrote it, and its id. */
export const cursorOf = (r: { at: string; id: number }) =>
  timeIdCursor({ at: r.at, id: String(r.id) });
/**
 * The key a request's cursor names. The contract (ZTimeIdCursor) has refused any other, so a
 * refusal here is a caller that skipped it.
 */
export function readCursor(c: string | undefined): LogKey | undefined {
  if (!c) return undefined;
  const key = readTimeIdCursor(c);
  if (!key) throw new AppError(CommonErr.Invalid, { field: 'body.cursor', detail: rule('cursor') });
  return key;
}

/** A row as the screens read it: milliseconds, and '' for a device or group since removed. */
export const itemOf = (r: LogRow): TLogItem => ({
  id: String(r.id),
  at: new Date(r.at).toISOString(),
  kind: r.kind,
  deviceId: r.deviceId,
  deviceName: r.deviceName ?? '',
  groupName: r.groupName ?? '',
  action: r.action,
  outcome: r.outcome,
  program: r.program,
  user: r.user,
  path: r.path,
  sha256: r.sha256,
});

/** Either log's filter; the fields of the other log's are absent. */
type Filter = (TMonitorLogFilter | TAccessLogFilter) &
  Partial<
    Pick<TMonitorLogFilter, 'kind' | 'change'> & Pick<TAccessLogFilter, 'operation' | 'outcome'>
  > & {
    subgroups?: boolean;
  };

/**
 * The where of a log read: the tenant, the span (cut to its retention), the groups the caller
 * sees narrowed to the filter's (a group they cannot see answers 404), and the filter's fields.
 */
export async function whereOf(
  deps: Pick<Platform, 'db' | 'clock'>,
  actor: Actor,
  f: Filter,
): Promise<LogWhere> {
  const { db, clock } = deps;
  const settings = await logSettingsRepository(db).get(actor.tenantId);
  const visible = await visibleDeviceGroups(db, actor);
  const groups = await groupsOfFilter(db, actor, visible, f);
  return {
    tenantId: actor.tenantId,
    ...spanOf(f, clock(), settings.retentionMonths),
    groups,
    deviceId: f.deviceId,
    keyword: f.keyword || undefined,
    operation: f.operation,
    outcome: f.outcome,
    kind: f.kind,
    change: f.change,
  };
}

/**
 * The monitoring and access-control logs (docs/logs.md "The logs"): keyset pages newest first,
 * one device's integrity changes, and exports streamed in the reader's language and zone.
 */
export function logReads(deps: Pick<Platform, 'db' | 'clock'>) {
  const repo = logRepository(deps.db);

  async function page(
    table: LogTableName,
    caller: Caller,
    q: Filter & { cursor?: string | undefined; pageSize: number },
  ): Promise<TLogPage> {
    const after = readCursor(q.cursor);
    const where = await whereOf(deps, caller.actor, q);
    const rows = await repo.page(table, where, q.pageSize + 1, after);
    const more = rows.length > q.pageSize;
    const list = more ? rows.slice(0, q.pageSize) : rows;
    return { list: list.map(itemOf), next: more ? cursorOf(list[list.length - 1]!) : null };
  }

  function file(
    table: LogTableName,
    caller: Caller,
    q: TMonitorLogExportQuery | TAccessLogExportQuery,
    locale: Locale,
  ) {
    const zone = q.tz ?? 'UTC';
    const time = zonedTime(zone);
    const columns: LogExportColumn[] =
      table === 'access'
        ? ['at', 'device', 'group', 'action', 'outcome', 'program', 'user', 'path']
        : ['at', 'device', 'group', 'kind', 'action', 'path', 'sha256'];
    const header = columns.map((c) => {
      const word = LOG_EXPORT_COLUMNS[c][locale];
      if (c !== 'at') return word;
      return locale === 'zh-CN' ? `${word}（${zone}）` : `${word} (${zone})`;
    });
    const cellsOf = (r: LogRow) => {
      const cells: Record<LogExportColumn, string> = {
        at: time(new Date(r.at)),
        device: r.deviceName ?? r.deviceId,
        group: r.groupName ?? '',
        kind: logWord('kind', r.kind, locale),
        action: logWord('action', r.action, locale),
        outcome: logWord('outcome', r.outcome, locale),
        program: r.program,
        user: r.user,
        path: r.path,
        sha256: r.sha256,
      };
      return columns.map((c) => cells[c]);
    };
    async function* rows() {
      const where = await whereOf(deps, caller.actor, q);
      for await (const batch of repo.stream(table, where)) yield batch.map(cellsOf);
    }
    return tableFile(q.format, {
      header,
      sheet: logWord('sheet', table, locale),
      rows: rows(),
    });
  }

  return {
    monitor: (caller: Caller, q: Parameters<typeof page>[2]) => page('monitor', caller, q),
    access: (caller: Caller, q: Parameters<typeof page>[2]) => page('access', caller, q),

    /**
     * One device's DPI changes, over everything its tenant's retention keeps; a device of
     * another tenant answers 404 and one outside the caller's groups -10110, as its detail does.
     */
    async dpiAlters(caller: Caller, q: TDpiAltersRequest) {
      const row = await deviceReadModel(deps.db).findById(caller.actor.tenantId, q.id);
      if (!row) throw new AppError(CommonErr.NotFound);
      const visible = await visibleDeviceGroups(deps.db, caller.actor);
      if (visible && !visible.includes(row.device.groupId))
        throw new AppError(ConsoleErr.DeviceHidden);
      return page('monitor', caller, { ...q, range: '12m', deviceId: q.id, kind: 'dpi' });
    },

    /** `monitor-log-2026-11-26.csv`, the day in the reader's zone. */
    fileName(table: LogTableName, q: { format: string; tz?: string | undefined }) {
      return `${table}-log-${zonedDay(q.tz ?? 'UTC', new Date(deps.clock()))}.${q.format}`;
    },
    /** An export in chunks; the caller's scope is checked before the first is read. */
    file,
  };
}
export type LogReads = ReturnType<typeof logReads>;
