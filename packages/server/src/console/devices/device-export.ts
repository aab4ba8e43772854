import type { TDeviceExportQuery, TDeviceItem } from '@edp/shared/contracts/devices';
import {
  DEVICE_EXPORT_COLUMNS,
  DEVICE_TIME_COLUMNS,
  DEVICE_VALUE_WORDS as WORDS,
  type DeviceExportColumn,
} from '@edp/shared/device-words';
import type { Locale } from '@edp/shared/errors';
import { tableFile, zonedDay, zonedTime } from '../../platform/export/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { PresenceStore } from '../../engines/index.ts';
import type { Caller } from '../access/index.ts';
import { deviceRepository } from './device-repository.ts';
import { deviceItems } from './device-items.ts';
import { deviceScope } from './device-scope.ts';

/** The columns of a list's export: the deprecated list adds when each was deprecated. */
function columnsOf(status: TDeviceExportQuery['status']): DeviceExportColumn[] {
  const all = Object.keys(DEVICE_EXPORT_COLUMNS) as DeviceExportColumn[];
  return status === 'deprecated' ? all : all.filter((c) => c !== 'deprecatedAt');
}

/** A column's name in the reader's language; a time column's names the zone of its times. */
function headerOf(column: DeviceExportColumn, locale: Locale, zone: string): string {
  const word = DEVICE_EXPORT_COLUMNS[column][locale];
  if (!DEVICE_TIME_COLUMNS.includes(column)) return word;
  return locale === 'zh-CN' ? `${word}（${zone}）` : `${word} (${zone})`;
}

/**
 * The device list as a file (issue 22): every device of the list the caller sees, as filtered
 * and sorted on the page, in the reader's language and time zone, as CSV or XLSX. The same
 * scope as the list (the caller's groups, a filter's group, the status) and the same readable
 * values as the page; read in keyset batches, so the export of 100,000 devices holds one batch.
 */
export function deviceExport(
  deps: Pick<Platform, 'db' | 'clock'> & {
    presence: PresenceStore;
    servedVersion: () => Promise<string>;
  },
) {
  const { db, clock, servedVersion } = deps;
  const repo = deviceRepository(db);
  const itemOf = deviceItems(deps.presence);

  return {
    /** `devices-2025-06-01.csv` (`devices-deprecated-…` for that list), the day in the reader's zone. */
    fileName(q: TDeviceExportQuery, now = new Date(clock())): string {
      const list = q.status === 'deprecated' ? 'devices-deprecated' : 'devices';
      return `${list}-${zonedDay(q.tz ?? 'UTC', now)}.${q.format}`;
    },

    /**
     * The file in chunks. Its first chunk is read after the caller's scope is checked and the
     * first batch read: a group the caller cannot see answers 404 before anything is sent.
     */
    file(caller: Caller, q: TDeviceExportQuery, locale: Locale): AsyncGenerator<string | Buffer> {
      const zone = q.tz ?? 'UTC';
      const time = zonedTime(zone);
      const timeOf = (iso: string | null) => (iso ? time(new Date(iso)) : '');
      const columns = columnsOf(q.status);
      const cellsOf = (d: TDeviceItem, deprecatedAt: Date | null) => {
        const cells: Record<DeviceExportColumn, string> = {
          name: d.name,
          number: d.number,
          ip: d.ip,
          systemType: d.systemType,
          kind: d.kind,
          version: d.version,
          type: WORDS.type[String(d.type) as keyof typeof WORDS.type][locale],
          licenceExpiresAt: timeOf(d.licenceExpiresAt),
          presence: WORDS.presence[d.presence][locale],
          lastSeenAt: d.lastSeenAt ? timeOf(d.lastSeenAt) : WORDS.never[locale],
          install: WORDS.install[d.install][locale],
          activation: WORDS.activation[d.activation][locale],
          group: d.groupName,
          createdAt: timeOf(d.createdAt),
          deprecatedAt: deprecatedAt ? time(deprecatedAt) : '',
          remark: d.remark,
          id: d.id,
        };
        return columns.map((c) => cells[c]);
      };

      async function* rows() {
        // One moment for the whole file: presence and licence types as of the export's start.
        const now = clock();
        const scope = await deviceScope(db, caller.actor, {
          status: q.status,
          now,
          filter: q,
          servedVersion,
        });
        for await (const batch of repo.stream(scope, { sort: q.sort, dir: q.order }))
          yield batch.map((r) =>
            cellsOf(itemOf(r.device, r.groupName, now), r.device.deprecatedAt),
          );
      }

      return tableFile(q.format, {
        header: columns.map((c) => headerOf(c, locale, zone)),
        sheet: WORDS.sheet[locale],
        rows: rows(),
      });
    },
  };
}
export type DeviceExport = ReturnType<typeof deviceExport>;
