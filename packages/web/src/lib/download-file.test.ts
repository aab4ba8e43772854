import { describe, expect, it, vi } from 'vitest';
import { CommonErr } from '@edp/shared/errors/common';
import { fileNameFromDisposition, getFile, isCancel } from './download-file.ts';
import { clearCompany, signInCompany } from './session.ts';

describe('fileNameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename="dev-1-TDE-2.lic"', 'x')).toBe(
      'dev-1-TDE-2.lic',
    );
    expect(fileNameFromDisposition('attachment; filename=dev-1.ele', 'x')).toBe('dev-1.ele');
    expect(
      fileNameFromDisposition(
        'attachment; filename="fallback.lic"; filename*=UTF-8\'\'%E8%AE%BE%E5%A4%87.lic',
        'x',
      ),
    ).toBe('设备.lic');
  });

  it('falls back when the header is missing, empty or malformed', () => {
    expect(fileNameFromDisposition(null, 'record.lic')).toBe('record.lic');
    expect(fileNameFromDisposition('attachment', 'record.lic')).toBe('record.lic');
    expect(fileNameFromDisposition('attachment; filename=""', 'record.lic')).toBe('record.lic');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E8%ZZ", 'r.lic')).toBe('r.lic');
  });

  it('drops path parts', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\tmp\\\\a.lic"', 'x')).toBe('a.lic');
  });
});

describe('getFile', () => {
  it('sends the token and language and returns the file with its disposition', async () => {
    signInCompany('tok-9', { id: '1', email: 'a@example.com', company: 'Acme', balance: 0 });
    const fetchMock = vi.fn(
      async () =>
        new Response('-----BEGIN EDP LICENSE-----\n', {
          headers: { 'Content-Disposition': 'attachment; filename="d-TDE-1.lic"' },
        }),
    );
    const file = await getFile('/com/dw/r1', { fetchImpl: fetchMock });
    expect(await file.blob.text()).toBe('-----BEGIN EDP LICENSE-----\n');
    expect(file.disposition).toContain('d-TDE-1.lic');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/com/dw/r1');
    expect(init.headers).toMatchObject({ 'X-Token': 'tok-9' });
    clearCompany();
  });

  it('turns an envelope answer into an ApiError with the server message', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, errCode: -10004, msg: 'Not found' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await expect(getFile('/com/dw/x', { fetchImpl: fetchMock })).rejects.toMatchObject({
      errCode: -10004,
      msg: 'Not found',
      status: 404,
    });
  });
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** A response whose body comes in the given chunks, the last one only once `release` is called. */
function streamed(chunks: string[], headers: Record<string, string>, hold = false) {
  let release = () => undefined as void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks.slice(0, -1)) controller.enqueue(bytes(c));
      const last = () => {
        controller.enqueue(bytes(chunks.at(-1)!));
        controller.close();
      };
      if (hold) release = last;
      else last();
    },
  });
  return { response: new Response(body, { headers }), release: () => release() };
}

/** A fetch that honours the abort signal as the browser's does, for its answer and its body. */
function abortable(response: Response) {
  return vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal;
    signal?.throwIfAborted();
    const reader = response.body!.getReader();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        signal?.addEventListener('abort', () => controller.error(signal.reason));
      },
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    return new Response(body, { headers: response.headers });
  });
}

describe('getFile, streamed', () => {
  it('shows each piece as it comes and hands back the whole file', async () => {
    const { response } = streamed(['\uFEFFTime,Path\r\n', '1,/a\r\n', '2,/b\r\n'], {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="access-log-2026-11-26.csv"',
    });
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL) => response);
    const seen: number[] = [];
    const file = await getFile('/log/dw/access?range=24h&format=csv', {
      onChunk: (c) => seen.push(c.byteLength),
      signal: new AbortController().signal,
      fetchImpl,
    });
    expect(seen).toEqual([14, 6, 6]);
    expect(await file.blob.text()).toContain('2,/b');
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(fileNameFromDisposition(file.disposition, 'x.csv')).toBe('access-log-2026-11-26.csv');
    expect(fetchImpl.mock.calls[0]![0]).toBe('/api/log/dw/access?range=24h&format=csv');
  });

  it('stops when cancelled while the file comes, with an AbortError and no toast', async () => {
    const { response, release } = streamed(['a\n', 'b\n'], { 'Content-Type': 'text/csv' }, true);
    const controller = new AbortController();
    const got = getFile('/log/dw/access', {
      onChunk: () => controller.abort(),
      signal: controller.signal,
      fetchImpl: abortable(response),
    });
    await expect(got).rejects.toSatisfy(isCancel);
    release();
  });

  it('sends nothing when cancelled before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const { response } = streamed(['a'], {});
    await expect(
      getFile('/log/dw/access', { signal: controller.signal, fetchImpl: abortable(response) }),
    ).rejects.toSatisfy(isCancel);
  });

  it('rejects with the envelope when the server refuses before the first byte', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, errCode: -10001, msg: '时间范围无效' }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    await expect(
      getFile('/log/dw/monitor', { silent: true, onChunk: () => undefined, fetchImpl }),
    ).rejects.toMatchObject({ errCode: -10001, msg: '时间范围无效', status: 400 });
  });

  it('tells a network failure from a cancel', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('network');
    });
    const failed = getFile('/log/dw/monitor', { silent: true, fetchImpl });
    await expect(failed).rejects.toMatchObject({ errCode: CommonErr.Unavailable });
    await expect(failed).rejects.not.toSatisfy(isCancel);
    expect(isCancel(new DOMException('stop', 'AbortError'))).toBe(true);
  });
});
