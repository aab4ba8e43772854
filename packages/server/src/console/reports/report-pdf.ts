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
const ROW = 18;

/**
 * A report as a PDF (A4): the title and its lines, then each section's figures and tables of
 * top entries, every text in Noto Sans SC so that Chinese and Latin text both read and extract.
 * Small whatever the fleet (counts and tables of the top few), so it is made in memory.
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
  const bottom = () => doc.page.height - MARGIN;
  const room = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  doc.fontSize(20).fillColor('#1f2937').text(content.title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  doc.fontSize(10).fillColor('#4b5563');
  for (const line of content.lines) doc.text(line, { width });
  doc.moveDown(0.8);

  const table = (t: ReportTable, heading?: string) => {
    room(ROW * Math.min(4, t.rows.length + 2) + 10);
    if (heading) {
      doc.fontSize(11).fillColor('#111827').text(heading, MARGIN, doc.y, { width });
      doc.moveDown(0.2);
    }
    const countX = MARGIN + width - 120;
    const line = (cells: readonly [string, string], head: boolean) => {
      room(ROW);
      const y = doc.y;
      if (head) doc.rect(MARGIN, y - 3, width, ROW).fill('#f3f4f6');
      doc.fontSize(10).fillColor(head ? '#374151' : '#111827');
      doc.text(cells[0], MARGIN + 6, y, {
        width: countX - MARGIN - 12,
        lineBreak: false,
        ellipsis: true,
      });
      doc.text(cells[1], countX, y, { width: 114, align: 'right', lineBreak: false });
      doc
        .moveTo(MARGIN, y + ROW - 3)
        .lineTo(MARGIN + width, y + ROW - 3)
        .lineWidth(0.5)
        .strokeColor('#e5e7eb')
        .stroke();
      doc.x = MARGIN;
      doc.y = y + ROW;
    };
    line(t.header, true);
    for (const [name, n] of t.rows) line([name, n.toLocaleString('en-US')], false);
    if (t.rows.length === 0) line([content.none, ''], false);
    doc.moveDown(0.6);
  };

  for (const section of content.sections) {
    room(80);
    doc.fontSize(14).fillColor('#1d4ed8').text(section.title, MARGIN, doc.y, { width });
    doc.moveDown(0.3);
    table(section.figures);
    for (const t of section.tables) table(t, t.title);
    doc.moveDown(0.4);
  }
  room(ROW * 2);
  doc.fontSize(9).fillColor('#6b7280').text(content.note, MARGIN, doc.y, { width });
  doc.end();
  return done;
}
