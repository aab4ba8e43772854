import { setImmediate as nextTurn } from 'node:timers/promises';
import { COMMAND_STATE_WORDS, COMMAND_TYPE_WORDS } from '@edp/shared/command-words';
import type { CommandState, CommandType } from '@edp/shared/contracts/commands';
import type { ReportFormat } from '@edp/shared/contracts/reports';
import { DEVICE_STATUSES } from '@edp/shared/contracts/engine';
import { DEVICE_VALUE_WORDS } from '@edp/shared/device-words';
import type { Locale } from '@edp/shared/errors';
import {
  REPORT_DEVICE_COLUMNS,
  REPORT_KIND_WORDS,
  REPORT_WORDS as W,
  type ReportDeviceColumn,
} from '@edp/shared/report-words';
import { workbookFile, zonedTime, type Table } from '../../platform/export/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { actionLabel } from '../audit/index.ts';
import {
  auditReadModel,
  commandReadModel,
  deviceFiguresReadModel,
  licenceReadModel,
  logReadModel,
  type Counted,
} from '../store/index.ts';
import { reportRepository, type ReportRow } from './report-repository.ts';
import type { ReportContent, ReportTable } from './report-content.ts';
import { reportPdf } from './report-pdf.ts';

/** Bytes a stored chunk holds: a download reads one at a time. */
export const REPORT_CHUNK = 256 * 1024;
/** Devices read a page: the devices sheet holds one page in memory however many there are. */
export const DEVICE_PAGE = 2_000;
/** Entries each table of top entries shows. */
export const TOP_N = 10;
/** "Ending soon": licences that end within this long after the period. */
const ENDING_MS = 30 * 86_400_000;
const HOUR_MS = 3_600_000;
/** The start of the hour holding `d`: the alerts' counts are kept by hour. */
const hourOf = (d: Date) => new Date(d.getTime() - (d.getTime() % HOUR_MS));

const COLUMNS = Object.keys(REPORT_DEVICE_COLUMNS) as ReportDeviceColumn[];
const STATUS_WORDS = {
  running: { 'zh-CN': '在用', 'en-US': 'In use' },
  deprecated: { 'zh-CN': '已停用', 'en-US': 'Deprecated' },
} as const;

/**
 * A report's files: the figures counted in SQL over the period, the PDF made from them, the XLSX
 * (the same summary, and every device on a sheet of its own, read in keyset pages and zipped as
 * it goes), each stored in chunks of REPORT_CHUNK as it is written; and a stored file read back
 * chunk by chunk. Memory holds a page of devices and a chunk, whatever the fleet's size.
 */
export function reportFiles(deps: Pick<Platform, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const repo = reportRepository(db);
  const devicesRead = deviceFiguresReadModel(db);
  const logsRead = logReadModel(db);
  const tasksRead = commandReadModel(db);
  const licencesRead = licenceReadModel(db);
  const auditRead = auditReadModel(db);

  /**
   * The period's alerts by state, and the devices with the most alerts: the one count of them the
   * data overview reads too (the alerts' counts by hour, docs/decisions.md "issue 36"), from the
   * hour holding the period's start to the one holding its end.
   */
  async function alertsOf(tenantId: string, from: Date, to: Date) {
    const [byState, top] = await Promise.all([
      logsRead.alertsByState(tenantId, from, to),
      logsRead.topAlertDevices(
        { tenantId, unit: 'h', from: hourOf(from), to: hourOf(to), groups: null },
        TOP_N,
      ),
    ]);
    return { byState, topDevices: top.map((d) => ({ key: d.name || d.id, n: d.alerts })) };
  }

  /** The report's content in its language: five sections of figures and tables of top entries. */
  async function contentOf(r: ReportRow): Promise<{ content: ReportContent; devices: number }> {
    const l: Locale = r.locale;
    const w = (k: keyof typeof W) => W[k][l];
    const { tenantId, periodFrom: from, periodTo: to } = r;
    const [devices, groups, versions, licences, tasks, alerts, audit] = await Promise.all([
      devicesRead.deviceFigures(tenantId, from, to, new Date(to.getTime() + ENDING_MS)),
      devicesRead.topGroups(tenantId, TOP_N),
      devicesRead.versions(tenantId, TOP_N),
      licencesRead.requestsByPurpose(tenantId, from, to),
      tasksRead.tasksByTypeAndStatus(tenantId, from, to),
      alertsOf(tenantId, from, to),
      auditRead.figures(tenantId, from, to, TOP_N),
    ]);
    const figures = (rows: [string, number][]): ReportTable => ({
      title: '',
      header: [w('item'), w('count')],
      rows,
    });
    const top = (title: string, first: string, rows: Counted[]): ReportTable => ({
      title,
      header: [first, w('count')],
      rows: rows.map((c) => [c.key || w('unknown'), c.n]),
    });
    const sum = (rows: { n: number }[]) => rows.reduce((a, b) => a + b.n, 0);
    const byKey = (rows: Counted[], key: string) => rows.find((c) => c.key === key)?.n ?? 0;
    const tally = (pick: (t: { type: string; status: string }) => string) => {
      const m = new Map<string, number>();
      for (const t of tasks) m.set(pick(t), (m.get(pick(t)) ?? 0) + t.n);
      return [...m].map(([key, n]) => ({ key, n })).sort((a, b) => b.n - a.n);
    };
    const time = zonedTime(r.tz);
    /** A label and its value, with the colon of the report's language. */
    const labelled = (label: string, value: string) =>
      l === 'zh-CN' ? `${label}：${value}` : `${label}: ${value}`;
    // Counted now: a period that has not ended is counted up to this moment, and says so.
    const madeAt = time(new Date(clock()));
    const content: ReportContent = {
      title: `${REPORT_KIND_WORDS[r.kind][l]} · ${w('title')}`,
      lines: [
        labelled(w('period'), `${time(from).slice(0, 16)} – ${time(to).slice(0, 16)}`),
        labelled(w('timeZone'), r.tz),
        labelled(w('madeAt'), madeAt),
      ],
      ...(to.getTime() > clock() ? { notice: w('partial').replace('{at}', madeAt) } : {}),
      sections: [
        {
          title: w('devices'),
          figures: figures([
            [w('devicesRunning'), devices.running],
            [w('devicesAdded'), devices.added],
            [w('devicesDeprecatedInPeriod'), devices.deprecatedInPeriod],
            [w('devicesSeen'), devices.seen],
            [w('devicesActive'), devices.active],
            [w('devicesInactive'), devices.inactive],
            [w('licencesEnding'), devices.ending],
            [w('devicesDeprecated'), devices.deprecated],
          ]),
          tables: [
            top(w('topGroups'), w('group'), groups),
            top(w('topVersions'), w('version'), versions),
          ],
        },
        {
          title: w('activations'),
          figures: figures([
            [w('activate'), byKey(licences, 'activate')],
            [w('renew'), byKey(licences, 'renew')],
          ]),
          tables: [],
        },
        {
          title: w('tasks'),
          figures: figures([[w('tasksMade'), sum(tasks)]]),
          tables: [
            top(
              w('taskType'),
              w('taskType'),
              tally((t) => COMMAND_TYPE_WORDS[t.type as CommandType]?.[l] ?? t.type),
            ),
            top(
              w('taskStatus'),
              w('taskStatus'),
              tally((t) => COMMAND_STATE_WORDS[t.status as CommandState]?.[l] ?? t.status),
            ),
          ],
        },
        {
          title: w('alerts'),
          figures: figures([
            [w('alertsRaised'), sum(alerts.byState)],
            [w('alertsNew'), byKey(alerts.byState, 'new')],
            [w('alertsSeen'), byKey(alerts.byState, 'seen')],
            [w('alertsHandled'), byKey(alerts.byState, 'handled')],
          ]),
          tables: [top(w('topAlertDevices'), w('device'), alerts.topDevices)],
        },
        {
          title: w('audit'),
          figures: figures([
            [w('auditEntries'), audit.total],
            [w('auditFailures'), audit.failures],
          ]),
          tables: [
            top(
              w('topActions'),
              w('action'),
              audit.actions.map((a) => ({ key: actionLabel(a.key, l), n: a.n })),
            ),
          ],
        },
      ],
      note: w('devicesListed'),
      none: w('none'),
    };
    return { content, devices: devices.running + devices.deprecated };
  }

  /** The summary as a sheet: section, item, count. */
  function summarySheet(content: ReportContent, l: Locale): Table {
    const rows: string[][] = [...content.lines, ...(content.notice ? [content.notice] : [])].map(
      (line) => [line, '', ''],
    );
    for (const s of content.sections) {
      for (const [item, n] of s.figures.rows) rows.push([s.title, item, String(n)]);
      for (const t of s.tables)
        for (const [item, n] of t.rows) rows.push([`${s.title} · ${t.title}`, item, String(n)]);
    }
    async function* batches() {
      yield rows;
    }
    return {
      header: [W.summary[l], W.item[l], W.count[l]],
      sheet: W.summarySheet[l],
      rows: batches(),
    };
  }

  /** Every device, status by status in registration order, a page at a time. */
  function deviceSheet(
    r: ReportRow,
    total: number,
    progress: (done: number) => Promise<void>,
  ): Table {
    const l: Locale = r.locale;
    const time = zonedTime(r.tz);
    const at = (d: Date | null) => (d ? time(d) : '');
    async function* batches() {
      let done = 0;
      for (const status of DEVICE_STATUSES) {
        let key;
        for (;;) {
          const page = await devicesRead.devicePage(r.tenantId, status, DEVICE_PAGE, key);
          if (page.devices.length > 0)
            yield page.devices.map((d) => {
              const cells: Record<ReportDeviceColumn, string> = {
                name: d.name,
                number: d.number,
                ip: d.ip,
                group: d.groupName,
                systemType: d.systemType,
                kind: d.kind,
                version: d.version,
                status: STATUS_WORDS[d.status as keyof typeof STATUS_WORDS]?.[l] ?? d.status,
                activation:
                  DEVICE_VALUE_WORDS.activation[
                    d.activation as keyof typeof DEVICE_VALUE_WORDS.activation
                  ]?.[l] ?? d.activation,
                licenceExpiresAt: at(d.licenceExpiresAt),
                lastSeenAt: d.lastSeenAt ? time(d.lastSeenAt) : DEVICE_VALUE_WORDS.never[l],
                createdAt: at(d.createdAt),
              };
              return COLUMNS.map((c) => cells[c]);
            });
          done += page.devices.length;
          await progress(total > 0 ? done / total : 1);
          if (page.devices.length < DEVICE_PAGE) break;
          key = page.key;
        }
      }
    }
    return {
      header: COLUMNS.map((c) => REPORT_DEVICE_COLUMNS[c][l]),
      sheet: W.deviceSheet[l],
      rows: batches(),
    };
  }

  /** Stores a file's bytes in chunks of REPORT_CHUNK as they come; answers its size. */
  async function store(id: string, format: ReportFormat, parts: AsyncIterable<Buffer>) {
    let pending: Buffer = Buffer.alloc(0);
    let seq = 0;
    let bytes = 0;
    for await (const part of parts) {
      bytes += part.length;
      pending = pending.length > 0 ? Buffer.concat([pending, part]) : part;
      while (pending.length >= REPORT_CHUNK) {
        await repo.addChunk(id, format, seq++, Buffer.from(pending.subarray(0, REPORT_CHUNK)));
        pending = pending.subarray(REPORT_CHUNK);
      }
    }
    if (pending.length > 0) await repo.addChunk(id, format, seq, Buffer.from(pending));
    return bytes;
  }

  return {
    /**
     * Makes a report's files and marks it done. `progress` is told how far (0–99) after each
     * page of devices: it beats the report's row, so that the list shows it and no other node
     * takes it over.
     */
    async make(r: ReportRow, progress: (percent: number) => Promise<void>) {
      await repo.dropChunks(r.id);
      const { content, devices } = await contentOf(r);
      const pdf = await reportPdf(content);
      async function* once() {
        yield pdf;
      }
      const pdfBytes = await store(r.id, 'pdf', once());
      await progress(5);
      const sheets = [
        summarySheet(content, r.locale),
        deviceSheet(r, devices, (share) => progress(5 + Math.floor(share * 94))),
      ];
      const xlsxBytes = await store(r.id, 'xlsx', workbookFile(sheets));
      await repo.finish(r.id, { devices, pdfBytes, xlsxBytes, at: new Date(clock()) });
    },

    /** A stored file, a chunk at a time. */
    async *read(id: string, format: ReportFormat): AsyncGenerator<Buffer> {
      for (let seq = 0; ; seq++) {
        const chunk = await repo.chunk(id, format, seq);
        if (!chunk) return;
        yield chunk;
        await nextTurn();
      }
    },
  };
}
