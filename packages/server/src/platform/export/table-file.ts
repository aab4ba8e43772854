import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type * as ExcelJS from 'exceljs';
import { csvLine } from './csv.ts';
import { visibleText } from './cell-text.ts';

/** The file formats a table is exported in, with the type each is sent as. */
export const TABLE_FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type TableFormat = keyof typeof TABLE_FILE_TYPES;

/** A table to export: already in the reader's words, read in batches. */
export interface Table {
  /** The columns' names. */
  header: readonly string[];
  /** The XLSX sheet's name (at most 31 characters, none of []:*?/\). */
  sheet: string;
  /** Rows in batches, a value per column; read one batch at a time, never all at once. */
  rows: AsyncIterable<readonly (readonly unknown[])[]>;
}

/** The longest text an XLSX cell holds. */
const CELL_MAX = 32_767;

/**
 * A table as a file, in chunks, holding one batch at a time however many rows there are. The
 * first batch is read before the first byte: a failing query (or a refusal found by it)
 * surfaces from the first `next()`, while the caller can still answer in the envelope.
 *
 * CSV: UTF-8 with a BOM (spreadsheets read Chinese right), CRLF, every field through `csvField`
 * (CSV injection defused). XLSX: one sheet, every cell a text cell (never a formula, so a
 * value starting with = is shown, not run; no quote is prefixed), the header row frozen.
 */
export async function* tableFile(
  format: TableFormat,
  table: Table,
): AsyncGenerator<string | Buffer> {
  const batches = table.rows[Symbol.asyncIterator]();
  const first = await batches.next();
  const all = spaced(resumed(first, batches));
  yield* format === 'xlsx' ? xlsxChunks(table, all) : csvChunks(table.header, all);
}

async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): AsyncGenerator<string> {
  let head = `\uFEFF${csvLine(header)}`;
  for await (const rows of batches) {
    yield head + rows.map(csvLine).join('');
    head = '';
  }
  if (head) yield head;
}

const textCell = (value: unknown) =>
  visibleText(value == null ? '' : typeof value === 'string' ? value : String(value)).slice(
    0,
    CELL_MAX,
  );

/**
 * XLSX through exceljs's streaming writer, loaded at the first XLSX asked for (most starts
 * export none, and it is a large module). It zips as rows are committed but does not wait for
 * its reader; between batches the writer waits while what it wrote has not been read, so a
 * stalled download holds a few batches (what the compression had not passed on), not the file.
 */
function xlsxChunks(
  table: Table,
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): AsyncGenerator<Buffer> {
  return workbookFile([{ ...table, rows: batches }]);
}

/**
 * A workbook of several sheets, in their order, each written as `tableFile` writes its one
 * (text cells, the header row frozen, a batch at a time): a report's summary and its devices.
 */
export async function* workbookFile(tables: readonly Table[]): AsyncGenerator<Buffer> {
  const Excel = createRequire(import.meta.url)('exceljs') as typeof ExcelJS;
  const out = new PassThrough();
  const book = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const writing = (async () => {
    for (const table of tables) {
      const sheet = book.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = table.header.map((name) => ({
        width: Math.min(40, Math.max(12, name.length + 4)),
      }));
      sheet.addRow(table.header.map(textCell)).commit();
      for await (const rows of table.rows) {
        if (out.destroyed) return;
        for (const row of rows) sheet.addRow(row.map(textCell));
        // Committing the last row writes every row before it.
        sheet.lastRow?.commit();
        await zipped(sheet);
        if (out.writableNeedDrain) await drainedOrClosed(out);
      }
      sheet.commit();
    }
    await book.commit();
  })();
  writing.catch((err: unknown) => out.destroy(err as Error));
  try {
    for await (const chunk of out) yield chunk as Buffer;
    await writing;
  } finally {
    // A download cut short: stop the writer (it sees the stream destroyed) and the reads.
    out.destroy();
  }
}

/** The stream the zip reads a sheet from, as exceljs and archiver leave it (see `zipped`). */
interface SheetEntry {
  _writableState?: { needDrain?: boolean };
  destroyed?: boolean;
  once(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/**
 * Waits while the zip has not taken in what the sheet wrote. exceljs's sheet stream hands its
 * buffers to the zip's entry (a readable-stream PassThrough of archiver's) without waiting for
 * room, and deflate is slower than the rows come: without this wait the sheet's XML piled up
 * there, about 0.5 KB a row (53 MB at 100,000 rows, all of it until the zip caught up at the
 * end). Waiting for the entry's drain keeps what is buffered to a few batches whatever the rows.
 */
async function zipped(sheet: unknown): Promise<void> {
  const entry = (sheet as { stream?: { pipes?: SheetEntry[] } }).stream?.pipes?.[0];
  if (!entry?._writableState?.needDrain || entry.destroyed) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      entry.off('drain', done);
      entry.off('close', done);
      entry.off('error', done);
      resolve();
    };
    entry.once('drain', done);
    entry.once('close', done);
    entry.once('error', done);
  });
}

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The batches with a turn of the event loop between them. An embedded database answers in
 * microtasks, and a client that keeps up never makes the socket wait: without a turn, the whole
 * export would run before any other request, timer or check-in (seconds at 100,000 devices).
 */
async function* spaced<T>(batches: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const batch of batches) {
    yield batch;
    await nextTurn();
  }
}

/** `rest` with its already-read first result put back in front. */
export async function* resumed<T>(
  first: IteratorResult<T>,
  rest: AsyncIterator<T>,
): AsyncGenerator<T> {
  try {
    if (first.done) return;
    yield first.value;
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
  } finally {
    // Stopped early (a download cut short): the source stops too.
    await rest.return?.();
  }
}
