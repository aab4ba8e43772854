import { createRequire } from 'node:module';
import fs from 'node:fs';
import type PDFKit from 'pdfkit';
import type { ReportContent, ReportTable } from './report-content.ts';

/** Noto Sans SC (SIL OFL 1.1) from the npm registry: Chinese drawn with a real CJK font. */
const FONT_FILE = '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf';
const requireHere = createRequire(import.meta.url);

let font: Buffer | undefined;
/** The font's bytes, read once (10 MB; the PDF embeds only the glyphs it uses). */
function fontBytes(): Buffer {
  font ??= fs.readFileSync(requireHere.resolve(FONT_FILE));
  return font;
}

const MARGIN = 50;
/** A table's row, its header included. */
const ROW = 18;
/** Space under the title and its lines, above a section's title, under a table's title, after a table. */
const GAP = { header: 12, section: 8, heading: 3, table: 10 } as const;

/** A piece of the report that is never split between pages, and its height in points. */
export interface Block {
  height: number;
  /** Goes on the page of the block after it (a section's title with its figures). */
  keepWithNext?: boolean;
}

/**
 * The page (from 0) of each block, pages filled top to bottom with `room` points each. A block
 * is never split: one that does not fit where the page has got to starts the next page. Blocks
 * kept with the next (`keepWithNext`) form a chain that moves as one: when it does not fit, it
 * starts the next page whole, so a title never ends a page and the end of the report is not
 * left alone on one (issue 35: a third page held the closing note's one line). A chain taller
 * than a page is split between its blocks; a block taller than a page has a page of its own
 * (the report's tables hold at most TOP_N rows, a fifth of a page, so this never happens there).
 */
export function paginate(blocks: readonly Block[], room: number): number[] {
  const pages: number[] = [];
  let page = 0;
  let used = 0;
  /** Starts the next page unless `height` fits on this one (or this one is empty). */
  const fit = (height: number) => {
    if (used > 0 && used + height > room) {
      page++;
      used = 0;
    }
  };
  for (let first = 0; first < blocks.length;) {
    let last = first;
    while (blocks[last]!.keepWithNext && last + 1 < blocks.length) last++;
    const chain = blocks.slice(first, last + 1);
    fit(chain.reduce((a, b) => a + b.height, 0));
    for (const block of chain) {
      fit(block.height);
      pages.push(page);
      used += block.height;
    }
    first = last + 1;
  }
  return pages;
}

/**
 * A report as a PDF (A4): the title and its lines, then each section's figures and tables of
 * top entries, every text in Noto Sans SC so that Chinese and Latin text both read and extract.
 * Laid out in blocks (`paginate`) so that the page breaks fall between tables: a table is never
 * split, a section's title stays with its figures (the report's title with the first), and the
 * last section stays whole with the closing note. Small whatever the fleet (counts and tables of
 * the top few), so it is made in memory.
 */
export async function reportPdf(content: ReportContent): Promise<Buffer> {
  const PDFDocument = requireHere('pdfkit') as typeof PDFKit;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: content.title, Producer: 'EDP Console', Creator: 'EDP Console' },
  });
  const parts: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
  });
  doc.registerFont('body', fontBytes());
  doc.font('body');

  const width = doc.page.width - 2 * MARGIN;
  const room = doc.page.height - 2 * MARGIN;
  /** A text's height at a size, wrapped to the page's width. */
  const measure = (text: string, size: number) =>
    doc.fontSize(size).heightOfString(text, { width });
  const write = (text: string, size: number, color: string, y: number) =>
    doc.fontSize(size).fillColor(color).text(text, MARGIN, y, { width });

  type Drawn = Block & { draw: (y: number) => void };

  // The title and its lines (period, zone, when made), then a partial period's notice in amber,
  // set 4 points apart.
  const lines = [
    ...content.lines.map((text) => ({ text, color: '#4b5563', above: 0 })),
    ...(content.notice ? [{ text: content.notice, color: '#92400e', above: 4 }] : []),
  ].map((line) => ({ ...line, height: line.above + measure(line.text, 10) }));
  const title = measure(content.title, 20);
  const header: Drawn = {
    height: title + 4 + lines.reduce((a, l) => a + l.height, 0) + GAP.header,
    keepWithNext: true,
    draw: (y) => {
      write(content.title, 20, '#1f2937', y);
      let at = y + title + 4;
      for (const line of lines) {
        write(line.text, 10, line.color, at + line.above);
        at += line.height;
      }
    },
  };

  const table = (t: ReportTable, heading: string | undefined): Drawn => {
    const head = heading ? measure(heading, 11) + GAP.heading : 0;
    const rows: (readonly [string, string])[] = t.rows.map(([name, n]) => [
      name,
      n.toLocaleString('en-US'),
    ]);
    if (rows.length === 0) rows.push([content.none, '']);
    return {
      height: head + ROW * (rows.length + 1) + GAP.table,
      draw: (y) => {
        if (heading) write(heading, 11, '#111827', y);
        const countX = MARGIN + width - 120;
        let at = y + head + 3;
        for (const [i, cells] of [t.header, ...rows].entries()) {
          const isHead = i === 0;
          if (isHead) doc.rect(MARGIN, at - 3, width, ROW).fill('#f3f4f6');
          doc.fontSize(10).fillColor(isHead ? '#374151' : '#111827');
          doc.text(cells[0], MARGIN + 6, at, {
            width: countX - MARGIN - 12,
            lineBreak: false,
            ellipsis: true,
          });
          doc.text(cells[1], countX, at, { width: 114, align: 'right', lineBreak: false });
          doc
            .moveTo(MARGIN, at + ROW - 3)
            .lineTo(MARGIN + width, at + ROW - 3)
            .lineWidth(0.5)
            .strokeColor('#e5e7eb')
            .stroke();
          at += ROW;
        }
      },
    };
  };

  const sections: Drawn[][] = content.sections.map((section) => {
    const heading = measure(section.title, 14);
    return [
      {
        height: GAP.section + heading + 4,
        keepWithNext: true,
        draw: (y) => write(section.title, 14, '#1d4ed8', y + GAP.section),
      },
      table(section.figures, undefined),
      ...section.tables.map((t) => table(t, t.title)),
    ];
  });
  // The last section and the note move as one: the report never ends with a stray table or line.
  for (const block of sections.at(-1) ?? []) block.keepWithNext = true;
  const note: Drawn = {
    height: measure(content.note, 9),
    draw: (y) => write(content.note, 9, '#6b7280', y),
  };
  const blocks = [header, ...sections.flat(), note];
  const pages = paginate(blocks, room);
  let page = 0;
  let y = MARGIN;
  for (const [i, block] of blocks.entries()) {
    if (pages[i]! > page) {
      doc.addPage();
      page = pages[i]!;
      y = MARGIN;
    }
    block.draw(y);
    y += block.height;
  }
  doc.end();
  return done;
}
