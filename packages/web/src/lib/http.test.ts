import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createHttpClient, type HttpDeps } from './http.ts';
import { connectivityStore } from './connectivity.ts';
import { sessionStore, signInAdmin, signInCompany } from './session.ts';
import { clearVendor, signInVendor } from './vendor-session.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(fetchImpl: HttpDeps['fetch'], pathname = '/device', search = '?page=2') {
  const deps = {
    fetch: vi.fn(fetchImpl),
    navigate: vi.fn(),
    notifyError: vi.fn(),
    notifySuccess: vi.fn(),
    translate: (key: 'timeout' | 'serverError' | 'invalid' | 'done', values?: { action: string }) =>
      ({
        timeout: '请求超时，请稍后再试！',
        serverError: '服务器错误',
        invalid: '请修改：',
        done: `${values?.action}: done`,
      })[key],
    language: () => 'en-US',
    location: () => ({ pathname, search }),
  };
  return { deps, client: createHttpClient(deps) };
}

describe('http client', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('posts JSON with token and language headers and returns data', async () => {
    signInCompany('tok-1', { id: '1', email: 'a@example.com', company: 'Acme', balance: 3 });
    const { deps, client } = setup(async () =>
      jsonResponse({ success: true, errCode: 0, msg: 'OK', data: { ts: 5 } }),
    );
    await expect(client.post('/owner/n/ts', { a: 1 })).resolves.toEqual({ ts: 5 });
    const [url, init] = deps.fetch.mock.calls[0]!;
    expect(url).toBe('/api/owner/n/ts');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.headers).toMatchObject({ 'X-Token': 'tok-1', 'Accept-Language': 'en-US' });
    expect(deps.notifySuccess).not.toHaveBeenCalled();
  });

  it("sends the vendor's token on /sa/ calls, and elsewhere only when the call asks for it", async () => {
    signInCompany('company-tok', { id: '1', email: 'a@example.com', company: 'Acme', balance: 3 });
    signInVendor({ account: 'root', token: 'vendor-tok' });
    const { deps, client } = setup(async () =>
      jsonResponse({ success: true, errCode: 0, msg: '' }),
    );
    await client.post('/sa/ows');
    await client.post('/owner/n/reg', {}, { session: 'vendor' });
    await client.post('/owner/n/reg');
    const tokens = deps.fetch.mock.calls.map(
      ([, init]) => (init?.headers as Record<string, string>)['X-Token'],
    );
    expect(tokens).toEqual(['vendor-tok', 'vendor-tok', 'company-tok']);
    clearVendor();
  });

  it('toasts what was done, the server message, or a given text, on success when asked', async () => {
    const { deps, client } = setup(async () =>
      jsonResponse({ success: true, errCode: 0, msg: '修改成功' }),
    );
    const action = { 'zh-CN': '移动设备', 'en-US': 'Move devices' };
    await client.post('/x', {}, { success: true, action });
    await client.post('/x', {}, { success: true });
    await client.post('/x', {}, { success: 'Saved' });
    await client.post('/x', {}, { action });
    expect(deps.notifySuccess.mock.calls).toEqual([
      ['Move devices: done'],
      ['修改成功'],
      ['Saved'],
    ]);
  });

  it('shows the error message and throws an ApiError on failure', async () => {
    const { deps, client } = setup(async () =>
      jsonResponse({ success: false, errCode: -10022, msg: 'Login failed' }, 401),
    );
    const error = await client.post('/com/n/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: -10022, msg: 'Login failed', status: 401 });
    expect(deps.notifyError).toHaveBeenCalledWith('Login failed');
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('toasts a refused field by its reason, unless a form showed it under the field', async () => {
    const refusal = {
      success: false,
      errCode: -10001,
      msg: '参数错误：body.company 不能超过 100 个字符',
      data: { field: 'body.company', reason: '不能超过 100 个字符' },
    };
    const { deps, client } = setup(async () => jsonResponse(refusal, 400));
    const error = await client.post('/com/n/reg').catch((e: unknown) => e);
    expect(error).toMatchObject({ refusal: { field: 'body.company' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.notifyError).toHaveBeenCalledWith('请修改：不能超过 100 个字符');

    deps.notifyError.mockClear();
    await client.post('/com/n/reg').catch((e: ApiError) => {
      e.shownOnField = true;
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('stays quiet on failure when silent', async () => {
    const { deps, client } = setup(async () =>
      jsonResponse({ success: false, errCode: -1, msg: 'x' }),
    );
    await expect(client.post('/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(deps.notifyError).not.toHaveBeenCalled();
  });

  it('on -10002 clears the company and goes to /login with the original path', async () => {
    signInCompany('tok', { id: '1', email: 'a@example.com', company: 'Acme', balance: 0 });
    const expired = { success: false, errCode: -10002, msg: 'Session expired' };
    const { deps, client } = setup(async () => jsonResponse(expired, 401), '/device', '?page=2');
    await expect(client.post('/com/my/device')).rejects.toMatchObject({ errCode: -10002 });
    expect(deps.notifyError).toHaveBeenCalledWith('Session expired');
    expect(deps.navigate).toHaveBeenCalledWith('/login?redirect=%2Fdevice%3Fpage%3D2');
    expect(sessionStore.getSnapshot().company).toBeUndefined();
    expect(localStorage.getItem('edp.company')).toBeNull();
  });

  it('on -10002 under /admin clears the admin user and goes to /admin/login', async () => {
    signInAdmin('tok', { email: 'root@example.com' });
    signInCompany('tok', { id: '1', email: 'a@example.com', company: 'Acme', balance: 0 });
    const expired = { success: false, errCode: -10002, msg: 'expired' };
    const { deps, client } = setup(async () => jsonResponse(expired, 401), '/admin/users', '');
    await expect(client.post('/user/ug/list')).rejects.toBeInstanceOf(ApiError);
    expect(deps.navigate).toHaveBeenCalledWith('/admin/login?redirect=%2Fadmin%2Fusers');
    expect(sessionStore.getSnapshot().user).toBeUndefined();
    expect(localStorage.getItem('edp.user')).toBeNull();
  });

  it('times out with the localised timeout message', async () => {
    vi.useFakeTimers();
    const { deps, client } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const pending = client.post('/slow', {}, { timeoutMs: 1000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.notifyError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ msg: '请求超时，请稍后再试！', status: 0 });
    expect(deps.notifyError).toHaveBeenCalledWith('请求超时，请稍后再试！');
  });

  it('says nothing when the caller withdrew the request (a query cancelled while typing)', async () => {
    const { deps, client } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    );
    const caller = new AbortController();
    const pending = client.post('/user/list', {}, { signal: caller.signal }).catch((e) => e);
    caller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(deps.notifyError).not.toHaveBeenCalled();
    expect(connectivityStore.getSnapshot().apiReachable).toBe(true);
  });

  it('reports a network failure as a server error and marks the API unreachable', async () => {
    const { deps, client } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.post('/x')).rejects.toMatchObject({ msg: '服务器错误' });
    expect(deps.notifyError).toHaveBeenCalledWith('服务器错误');
    expect(connectivityStore.getSnapshot().apiReachable).toBe(false);
    const ok = setup(async () => jsonResponse({ success: true, errCode: 0, msg: '' }));
    await ok.client.post('/x');
    expect(connectivityStore.getSnapshot().apiReachable).toBe(true);
  });

  it('treats a non-envelope 502 as a server error', async () => {
    const { deps, client } = setup(async () => new Response('Bad gateway', { status: 502 }));
    await expect(client.post('/x')).rejects.toMatchObject({ status: 502, msg: '服务器错误' });
    expect(deps.notifyError).toHaveBeenCalledWith('服务器错误');
  });
});
