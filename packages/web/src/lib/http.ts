import { API_BASE, REQUEST_TIMEOUT_MS } from '@edp/shared/constants';
// CommonErr is ErrCode's common part; importing the leaf keeps the full catalogue out of /login.
import { CommonErr as ErrCode } from '@edp/shared/errors/common';
import type { TEnvelope, TFieldRefusal } from '@edp/shared/contracts/common';
import { areaOf, LOGIN_PATH, loginRedirect } from './auth-paths.ts';
import { reportApiReachable } from './connectivity.ts';
import { clearAdmin, clearCompany, sessionToken } from './session.ts';
import { clearVendor, vendorStore } from './vendor-session.ts';

/**
 * The one place that talks to the API (docs/architecture.md §5): POST JSON under /api with X-Token
 * and Accept-Language, envelope unwrapping, error toasts, session expiry and timeouts.
 * Side effects (navigation, toasts, translations) are injected so tests can observe them and
 * so this module does not depend on React or antd.
 */
export class ApiError extends Error {
  constructor(
    readonly errCode: number,
    readonly msg: string,
    /** HTTP status; 0 when no answer arrived (timeout, network failure). */
    readonly status: number,
    /** The field a refused request names, and why (lib/form-refusal.ts puts it under it). */
    readonly refusal?: TFieldRefusal,
    /** The failure's parameters, as the server filled them into `msg` (`seconds` of -10035). */
    readonly params: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }
  /** Set when a form showed the refusal under its field: no toast is needed then. */
  shownOnField = false;
}

export interface PostOptions {
  /** Show no error toast (the caller shows its own, or the failure is tolerated). */
  silent?: boolean;
  /**
   * Toast on success: a string shows that text; `true` says that `action` was done ("移动设备成功"),
   * or shows the server's msg when the call has no label.
   */
  success?: boolean | string;
  /** What the call does in each language (its label), for the success toast. */
  action?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Whose token goes with the call when its path alone would not say: the vendor creating a
   * tenant through /owner/n/reg, outside /sa/ (features/super-admin/api/create-tenant.ts).
   */
  session?: 'vendor';
}

export interface HttpDeps {
  fetch: typeof fetch;
  navigate: (to: string) => void;
  notifyError: (msg: string) => void;
  notifySuccess: (msg: string) => void;
  /** Localised texts for failures that carry no server message. */
  translate: (
    key: 'timeout' | 'serverError' | 'invalid' | 'done',
    values?: { action: string },
  ) => string;
  language: () => string;
  /**
   * The token for a call: /sa/* calls (or `session: 'vendor'`) carry the vendor's, the portal's
   * /com/* calls the company's, all others the console's (lib/session.ts).
   */
  token: (path: string, session?: 'vendor') => string | undefined;
  location: () => { pathname: string; search: string };
  timeoutMs: number;
}

const defaultDeps: HttpDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (to) => window.location.assign(to),
  notifyError: () => undefined, // replaced by the antd bridge once the app is mounted
  notifySuccess: () => undefined,
  translate: (key, values) =>
    key === 'timeout'
      ? 'Request timed out, please try again later!'
      : key === 'invalid'
        ? ''
        : key === 'done'
          ? `${values?.action ?? ''}: done`
          : 'Server error',
  language: () => document.documentElement.lang || 'zh-CN',
  token: (path, session) =>
    session === 'vendor' || path.startsWith('/sa/')
      ? vendorStore.getSnapshot()?.token
      : sessionToken(path),
  location: () => window.location,
  timeoutMs: REQUEST_TIMEOUT_MS,
};

function isEnvelope(value: unknown): value is TEnvelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.success === 'boolean' && typeof v.errCode === 'number' && typeof v.msg === 'string'
  );
}

const isRecord = (v: unknown): v is object => typeof v === 'object' && v !== null;

function refusalOf(payload: TEnvelope<unknown>): TFieldRefusal | undefined {
  if (payload.errCode !== ErrCode.Invalid) return undefined;
  const data = payload.data as Partial<TFieldRefusal> | undefined;
  return typeof data?.field === 'string' && typeof data.reason === 'string'
    ? { field: data.field, reason: data.reason }
    : undefined;
}

export function createHttpClient(overrides: Partial<HttpDeps> = {}) {
  const deps: HttpDeps = { ...defaultDeps, ...overrides };

  function fail(error: ApiError, silent: boolean | undefined): never {
    if (silent) throw error;
    const { refusal } = error;
    if (!refusal) deps.notifyError(error.msg);
    // A refused field is toasted a moment later, and only if no form put it under the field
    // (the form's catch runs first): the toast then says why without the field's API name.
    else
      setTimeout(
        () => !error.shownOnField && deps.notifyError(deps.translate('invalid') + refusal.reason),
      );
    throw error;
  }

  function expireSession(): void {
    const { pathname, search } = deps.location();
    const area = areaOf(pathname);
    if (area === 'admin') clearAdmin();
    else if (area === 'vendor') clearVendor();
    else clearCompany();
    // Already on the login page: stay, a redirect to itself would lose the original target.
    if (pathname !== LOGIN_PATH[area]) deps.navigate(loginRedirect(area, pathname + search));
  }

  function headersFor(
    path: string,
    extra: Record<string, string> = {},
    session?: PostOptions['session'],
  ): Record<string, string> {
    const headers: Record<string, string> = { ...extra, 'Accept-Language': deps.language() };
    const token = deps.token(path, session);
    if (token) headers['X-Token'] = token;
    return headers;
  }

  /** A failed envelope: session expiry signs out and redirects, anything else is toasted. */
  function rejectEnvelope(payload: TEnvelope<unknown>, status: number, silent?: boolean): never {
    const refusal = refusalOf(payload);
    const params =
      !refusal && isRecord(payload.data) ? (payload.data as Record<string, string>) : {};
    const error = new ApiError(payload.errCode, payload.msg, status, refusal, params);
    if (payload.errCode === ErrCode.SessionExpired) {
      deps.notifyError(payload.msg);
      expireSession();
      throw error;
    }
    return fail(error, silent);
  }

  /** The success toast's text: the caller's, else "{action} done" in the reader's language. */
  function successText(opts: PostOptions, msg: string): string {
    if (typeof opts.success === 'string') return opts.success;
    const action = opts.action?.[deps.language()] ?? opts.action?.['zh-CN'];
    return action ? deps.translate('done', { action }) : msg;
  }

  async function post<T>(path: string, body: unknown = {}, opts: PostOptions = {}): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? deps.timeoutMs);
    const onCallerAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onCallerAbort);

    const headers = headersFor(path, { 'Content-Type': 'application/json' }, opts.session);

    let response: Response;
    let payload: unknown;
    try {
      response = await deps.fetch(`${API_BASE}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin', // the captcha answer is bound to a cookie
      });
      payload = await response.json().catch(() => undefined);
    } catch (err) {
      // The caller withdrew the request (a query cancelled because its input changed, as a
      // search box does while typing): nothing failed, so nothing is said. The abort goes up as
      // it is, which TanStack Query takes for a cancellation.
      if (!timedOut && opts.signal?.aborted) throw err;
      const key = timedOut ? 'timeout' : 'serverError';
      reportApiReachable(false);
      return fail(new ApiError(ErrCode.Unavailable, deps.translate(key), 0), opts.silent);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (!isEnvelope(payload)) {
      // A proxy error page or an empty 5xx: the API itself is not answering.
      reportApiReachable(response.status < 500);
      return fail(
        new ApiError(ErrCode.Server, deps.translate('serverError'), response.status),
        opts.silent,
      );
    }
    reportApiReachable(true);

    if (!payload.success) return rejectEnvelope(payload, response.status, opts.silent);
    if (opts.success) deps.notifySuccess(successText(opts, payload.msg));
    return payload.data as T;
  }

  return {
    post,
    /** Request headers for a call under /api (GET downloads build on them). */
    headersFor,
    /** Handles a failed envelope exactly as `post` does (toast, session expiry); throws. */
    rejectEnvelope,
    /** Swap dependencies at run time (the app wires the router and antd's message here). */
    configure(next: Partial<HttpDeps>): void {
      Object.assign(deps, next);
    },
  };
}

const client = createHttpClient();

export const post = client.post;
export const requestHeaders = client.headersFor;
export const rejectEnvelope = client.rejectEnvelope;
export const configureHttp = client.configure;

/** URL of a GET endpoint under /api (captcha image, downloads). */
export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}
