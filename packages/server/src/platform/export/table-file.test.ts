import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvField } from './csv.ts';
import { tableFile, type TableFormat } from './table-file.ts';

const Excel = createRequire(import.meta.url)('exceljs') as typeof ExcelJS;

/** `count` batches of `size` rows of hard-to-compress text, counting the batches read. */
function source(count: number, size = 1_000) {
  const read = { batches: 0 };
  async function* rows() {
    for (let b = 0; b < count; b++) {
      read.batches++;
      yield Array.from({ length: size }, (_, i) => [
        `row ${b * size + i}`,
        randomBytes(32).toString('hex'),
        randomBytes(32).toString('hex'),
      ]);
    }
  }
  return { read, rows: rows() };
}

async function whole(chunks: AsyncIterable<string | Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(parts);
}

describe('a table as a file', () => {
  it('defuses formulas in CSV, quoting as RFC 4180 says', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField(-2)).toBe('-2');
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField(null)).toBe('');
  });

  it('defuses formulas behind white space, in full-width forms and behind bidi controls', () => {
    // issue 34 (point 9): each of these reached the CSV as typed.
    expect(csvField(' =1+2')).toBe("' =1+2");
    expect(csvField('\u3000\n=1+2')).toBe('"\'\u3000\n=1+2"');
    expect(csvField('\u200B@SUM(A1)')).toBe("'\u200B@SUM(A1)");
    for (const starter of ['＝', '＋', '－', '＠', '﹦', '﹢', '﹣', '﹫'])
      expect(csvField(`${starter}1+2`)).toBe(`'${starter}1+2`);
    // A bidi control shows text in another order than it holds (`gpj.exe` read as `exe.jpg`):
    // it is written as its code, so the reader sees it is there, and never hides a formula.
    expect(csvField('\u202E=1+2')).toBe("'<U+202E>=1+2");
    expect(csvField('photo\u202Egpj.exe')).toBe('photo<U+202E>gpj.exe');
    expect(csvField('a\u2066b\u2069\u200Fc\u061C')).toBe('a<U+2066>b<U+2069><U+200F>c<U+061C>');
    // What is no formula stays as it is.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('报告 =1')).toBe('报告 =1');
  });

  it('writes CSV with a BOM, a header and every row; an empty table is its header', async () => {
    const rows = async function* () {
      yield [['a', '=x']];
      yield [['b', 'line\nbreak']];
    };
    const file = await whole(tableFile('csv', { header: ['名', 'v'], sheet: 's', rows: rows() }));
    expect(file.toString('utf8')).toBe('\uFEFF名,v\r\na,\'=x\r\nb,"line\nbreak"\r\n');
    const empty = async function* () {};
    const none = await whole(tableFile('csv', { header: ['h'], sheet: 's', rows: empty() }));
    expect(none.toString('utf8')).toBe('\uFEFFh\r\n');
  });

  it('writes XLSX whose cells are all text, formulas shown as typed', async () => {
    const rows = async function* () {
      yield [['=HYPERLINK("http://x","y")', 42, null, 'photo\u202Egpj.exe']];
    };
    const file = await whole(
      tableFile('xlsx', { header: ['a', 'b', 'c', 'd'], sheet: 'Devices', rows: rows() }),
    );
    const book = new Excel.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Devices')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['a', 'b', 'c', 'd']);
    const cell = sheet.getRow(2).getCell(1);
    expect(cell.type).toBe(Excel.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://x","y")');
    expect(sheet.getRow(2).getCell(2).value).toBe('42');
    // Text cells run no formula, but a bidi control would still reorder what a reader sees.
    expect(sheet.getRow(2).getCell(4).value).toBe('photo<U+202E>gpj.exe');
  });

  it('reads the first batch before the first byte: its failure is the first chunk’s', async () => {
    const failing = async function* (): AsyncGenerator<unknown[][]> {
      yield* [];
      throw new Error('query failed');
    };
    for (const format of ['csv', 'xlsx'] as const) {
      const file = tableFile(format, { header: ['h'], sheet: 's', rows: failing() });
      await expect(file.next()).rejects.toThrow('query failed');
    }
  });

  it.each(['csv', 'xlsx'] as TableFormat[])(
    'in %s, reads no further than its reader: a stalled download holds a batch or two',
    async (format) => {
      const { read, rows } = source(60);
      const file = tableFile(format, { header: ['n', 'a', 'b'], sheet: 's', rows });
      await file.next();
      // The reader stops: however long it waits, the file is not written ahead into memory.
      // (XLSX: the writer may be a few batches ahead while the zip's compression catches up;
      // how many depends on when the compressor ran: 6 of 60 once beside the build on 2 cores.)
      await new Promise((r) => setTimeout(r, 300));
      expect(read.batches).toBeLessThanOrEqual(format === 'csv' ? 2 : 10);
      // It reads on to the end: every batch, once.
      const rest = await whole(file);
      expect(rest.length).toBeGreaterThan(0);
      expect(read.batches).toBe(60);
    },
    30_000,
  );

  it('stops reading when the download is cut short', async () => {
    const { read, rows } = source(200);
    const file = tableFile('xlsx', { header: ['n', 'a', 'b'], sheet: 's', rows });
    await file.next();
    await file.return(undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(read.batches).toBeLessThanOrEqual(3);
  });
});
