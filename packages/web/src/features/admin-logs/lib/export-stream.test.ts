import { describe, expect, it, vi } from 'vitest';
import { formatBytes, isCancel, progressCounter, streamExport } from './export-stream.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('progressCounter', () => {
  it('counts bytes, and a CSV’s rows without its header, across chunks', () => {
    const count = progressCounter('csv');
    expect(count(bytes('Time,Device\r'))).toEqual({ bytes: 12, rows: 0 });
    expect(count(bytes('\n2026,a\r\n2026,'))).toEqual({ bytes: 26, rows: 1 });
    expect(count(bytes('b\r\n'))).toEqual({ bytes: 29, rows: 2 });
  });

  it('counts only bytes of an XLSX', () => {
    const count = progressCounter('xlsx');
    expect(count(bytes('PK\n\n'))).toEqual({ bytes: 4 });
  });
});

/** A response whose body comes in the given chunks. */
function streamed(chunks: string[], headers: Record<string, string>) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(bytes(c));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

describe('streamExport', () => {
  it('reports progress chunk by chunk and hands back the whole file under the server’s name', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL) =>
      streamed(['\uFEFFTime,Path\r\n', '1,/a\r\n', '2,/b\r\n'], {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="access-log-2026-11-26.csv"',
      }),
    );
    const seen: number[] = [];
    const file = await streamExport('/log/dw/access?range=24h&format=csv', 'access-log.csv', {
      format: 'csv',
      onProgress: (p) => seen.push(p.rows ?? -1),
      signal: new AbortController().signal,
      fetchImpl,
    });
    expect(seen).toEqual([0, 0, 1, 2]);
    expect(file.fileName).toBe('access-log-2026-11-26.csv');
    expect(file.progress.rows).toBe(2);
    expect(await file.blob.text()).toContain('2,/b');
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/log/dw/access?range=24h&format=csv');
  });

  it('rejects with the envelope’s code and message when the server refuses', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, errCode: -10001, msg: '时间范围无效' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await expect(
      streamExport('/log/dw/monitor', 'm.csv', {
        format: 'csv',
        onProgress: () => undefined,
        signal: new AbortController().signal,
        fetchImpl,
      }),
    ).rejects.toMatchObject({ errCode: -10001, msg: '时间范围无效', status: 400 });
  });

  it('tells a cancel from a failure', () => {
    expect(isCancel(new DOMException('stop', 'AbortError'))).toBe(true);
    expect(isCancel(new TypeError('network'))).toBe(false);
  });
});

describe('formatBytes', () => {
  it('reads in bytes, then one decimal of KB, MB, GB', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120.0 GB');
  });
});
