import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportAuditLog } from '@edp/shared/api/console/audit.calls';
import { pathWith } from '@edp/shared/api/define';
import { companyCaptcha, companyLogin, companyLogout } from '@edp/shared/api/portal/account.calls';
import { downloadIssueFile } from '@edp/shared/api/portal/licences.calls';
import { callApi, callKey, callUrl } from './api.ts';

describe('typed client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds GET URLs as pathWith does, parameters encoded', () => {
    expect(callUrl(companyCaptcha)).toBe('/api/com/n/get-captcha-img');
    expect(callUrl(downloadIssueFile, { id: 'a/b c' })).toBe('/api/com/dw/a%2Fb%20c');
    expect(callUrl(exportAuditLog, { owner: 't1' })).toBe(
      `/api${pathWith(exportAuditLog, { owner: 't1' })}`,
    );
  });

  it('keys reads by path, then body', () => {
    expect(callKey(companyLogin)).toEqual(['/com/n/login']);
    expect(callKey(companyLogin, { email: 'a@b.c', password: 'x' })).toEqual([
      '/com/n/login',
      { email: 'a@b.c', password: 'x' },
    ]);
  });

  it('posts the body to the declared path and answers its data', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: true, errCode: 0, msg: 'ok', data: { n: 1 } }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(companyLogout)).resolves.toEqual({ n: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/com/n/loginout');
    expect(init.body).toBe('{}');
  });
});
