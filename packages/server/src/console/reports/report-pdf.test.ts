import { describe, expect, it } from 'vitest';
import type { ReportContent, ReportTable } from './report-content.ts';
import { paginate, reportPdf } from './report-pdf.ts';

/** Each page of a PDF as its lines of text, top to bottom, as pdf.js extracts them. */
async function pdfPages(bytes: Buffer): Promise<string[][]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const lines = new Map<number, string[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      lines.set(y, [...(lines.get(y) ?? []), item.str]);
    }
    pages.push([...lines].sort(([a], [b]) => b - a).map(([, parts]) => parts.join(' ')));
  }
  await doc.destroy();
  return pages;
}

const top = (title: string, first: string, prefix: string, n: number): ReportTable => ({
  title,
  header: [first, '数量'],
  rows: Array.from({ length: n }, (_, i) => [`${prefix}${i + 1}`, 10 * (n - i)] as const),
});
const figures = (...names: string[]): ReportTable => ({
  title: '',
  header: ['项目', '数量'],
  rows: names.map((name, i) => [name, i] as const),
});

/**
 * A monthly report's content, shaped as the service writes it: the tables of top entries hold
 * `sizes` rows each (groups, versions, task types, task states, alert devices, audit actions).
 */
function content(sizes: readonly number[]): ReportContent {
  const [groups, versions, types, states, alerts, actions] = sizes as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    title: '月报 · 运行报表',
    lines: [
      '周期：2026-11-01 00:00 – 2026-12-01 00:00',
      '时区：Asia/Shanghai',
      '生成时间：2026-11-26 17:00:00',
    ],
    sections: [
      {
        title: '设备',
        figures: figures('在用', '新增', '停用', '心跳', '已激活', '未激活', '到期', '已停用'),
        tables: [
          top('设备最多的分组', '分组', 'group-', groups),
          top('引擎版本', '版本', 'v1.', versions),
        ],
      },
      { title: '激活与续期', figures: figures('激活申请', '续期申请'), tables: [] },
      {
        title: '任务',
        figures: figures('本期创建的任务'),
        tables: [
          top('任务类型', '任务类型', 'type-', types),
          top('状态', '状态', 'state-', states),
        ],
      },
      {
        title: '告警',
        figures: figures('本期告警', '未处理', '已查看', '已处理'),
        tables: [top('告警最多的设备', '设备', 'device-', alerts)],
      },
      {
        title: '审计',
        figures: figures('审计记录', '失败或被拒绝的操作'),
        tables: [top('最常见的操作', '操作', 'action-', actions)],
      },
    ],
    note: '设备清单见 XLSX 文件',
    none: '无',
  };
}

/** The page each text is on (the first page it is found on). */
const pageOf = (pages: string[][], text: string) =>
  pages.findIndex((lines) => lines.some((l) => l.split(' ').includes(text) || l === text));

describe('the report PDF', () => {
  it('never leaves a short remainder on a page of its own: the closing note goes with the last table', async () => {
    // The shape that put the note alone on a third page (issue 35, point 22): no groups or
    // versions, three task states, ten alerting devices and ten audit actions.
    const pages = await pdfPages(await reportPdf(content([0, 0, 0, 3, 10, 10])));
    const last = pages.at(-1)!;
    expect(last).toContain('设备清单见 XLSX 文件');
    expect(last.length, `last page: ${last.join(' | ')}`).toBeGreaterThan(5);
    // The note is on the page of the last table's rows.
    expect(pageOf(pages, '设备清单见 XLSX 文件')).toBe(pageOf(pages, 'action-10'));
  });

  it("keeps each table whole with its title and header, a section's title with its figures, and the last section with the note", async () => {
    for (const sizes of [
      [0, 0, 0, 3, 10, 10],
      [10, 2, 8, 6, 10, 10],
      [3, 2, 3, 3, 1, 5],
      [10, 10, 10, 10, 10, 10],
    ]) {
      const pages = await pdfPages(await reportPdf(content(sizes)));
      const tables: [title: string, prefix: string, rows: number][] = [
        ['设备最多的分组', 'group-', sizes[0]!],
        ['引擎版本', 'v1.', sizes[1]!],
        ['任务类型', 'type-', sizes[2]!],
        ['告警最多的设备', 'device-', sizes[4]!],
        ['最常见的操作', 'action-', sizes[5]!],
      ];
      for (const [title, prefix, rows] of tables) {
        const page = pageOf(pages, title);
        expect(page, `${title} in ${sizes.join(',')}`).toBeGreaterThanOrEqual(0);
        for (let i = 1; i <= rows; i++)
          expect(pageOf(pages, `${prefix}${i}`), `${prefix}${i} in ${sizes.join(',')}`).toBe(page);
      }
      // A section's title with its figures; the last section whole, with the closing note.
      const titled = (section: string) => pages.findIndex((lines) => lines.includes(section));
      for (const [section, first] of [
        ['设备', '在用'],
        ['激活与续期', '激活申请'],
        ['任务', '本期创建的任务'],
        ['告警', '本期告警'],
        ['审计', '审计记录'],
        ['审计', '最常见的操作'],
        ['审计', '设备清单见 XLSX 文件'],
      ] as const)
        expect(pageOf(pages, first), `${first} in ${sizes.join(',')}`).toBe(titled(section));
    }
  });

  it('draws the lines under the title, then a partial period notice', async () => {
    const notice = '本期尚未结束：报表统计到生成时间 2026-11-26 17:00:00 +08:00 为止，数据不完整';
    const lines = async (c: ReportContent) => (await pdfPages(await reportPdf(c)))[0]!.slice(0, 6);
    const whole = content([1, 1, 1, 1, 1, 1]);
    const head = [
      '月报 · 运行报表',
      '周期：2026-11-01 00:00 – 2026-12-01 00:00',
      '时区：Asia/Shanghai',
      '生成时间：2026-11-26 17:00:00',
    ];
    expect(await lines({ ...whole, notice })).toEqual([...head, notice, '设备']);
    expect(await lines(whole)).toEqual([...head, '设备', '项目 数量']);
  });
});

describe('paginate', () => {
  const room = 100;
  const b = (height: number, keepWithNext = false) => ({ height, keepWithNext });

  it('fills a page, and starts the next with a block that does not fit', () => {
    expect(paginate([b(40), b(40), b(40), b(10)], room)).toEqual([0, 0, 1, 1]);
  });

  it('moves blocks kept with the next as one', () => {
    // A title (10) that would end the page goes to the next with its table (60).
    expect(paginate([b(80), b(10, true), b(60)], room)).toEqual([0, 1, 1]);
    // The last table and the note after it: the note does not go alone.
    expect(paginate([b(40), b(50, true), b(15)], room)).toEqual([0, 1, 1]);
  });

  it('splits a chain taller than a page between its blocks, and gives a block taller than a page a page of its own', () => {
    expect(paginate([b(30), b(50, true), b(50, true), b(50)], room)).toEqual([0, 1, 1, 2]);
    expect(paginate([b(20), b(150), b(20)], room)).toEqual([0, 1, 2]);
  });
});
