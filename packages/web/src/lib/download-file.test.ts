import { describe, expect, it, vi } from 'vitest';
import { fileNameFromDisposition, getFile } from './download-file.ts';
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
