import { pathWith, type ParamsOf, type Route } from '@edp/shared/api/define';
import { API_BASE } from '@edp/shared/constants';
import { CommonErr } from '@edp/shared/errors/common';
import { i18n } from '../locales/i18n.ts';
import { ApiError, rejectEnvelope, requestHeaders } from './http.ts';

/**
 * The file name a Content-Disposition header gives: RFC 5987 `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token; `fallback` when there is none. Path parts are dropped so a
 * header can never steer where the browser saves.
 */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL dies.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export interface DownloadedFile {
  blob: Blob;
  /** The Content-Disposition header, which names the file. */
  disposition: string | null;
}

export interface GetFileOptions {
  /** Show no error toast (the caller shows its own); session expiry still signs out. */
  silent?: boolean;
  /** For tests. */
  fetchImpl?: typeof globalThis.fetch;
}

/**
 * GET a file under /api (certificate, elevation and CSV downloads) with the headers and failure
 * handling of `post` (lib/http.ts): the server answers failures with the JSON envelope.
 * `path` may carry a query string.
 */
export async function getFile(
  path: string,
  { silent, fetchImpl = globalThis.fetch }: GetFileOptions = {},
): Promise<DownloadedFile> {
  const serverError = () => new ApiError(CommonErr.Server, i18n.t('common:request.serverError'), 0);
  let response: Response;
  try {
    response = await fetchImpl(`${API_BASE}${path}`, {
      headers: requestHeaders(path),
      credentials: 'same-origin',
    });
  } catch {
    return rejectEnvelope(
      { success: false, errCode: CommonErr.Unavailable, msg: serverError().msg },
      0,
      silent,
    );
  }
  if (!response.ok || response.headers.get('Content-Type')?.includes('json')) {
    const payload = (await response.json().catch(() => undefined)) as
      { success?: unknown; errCode?: unknown; msg?: unknown } | undefined;
    if (payload && typeof payload.errCode === 'number' && typeof payload.msg === 'string') {
      return rejectEnvelope(
        { success: false, errCode: payload.errCode, msg: payload.msg },
        response.status,
        silent,
      );
    }
    return rejectEnvelope(
      { success: false, errCode: CommonErr.Server, msg: serverError().msg },
      response.status,
      silent,
    );
  }
  return { blob: await response.blob(), disposition: response.headers.get('Content-Disposition') };
}

/** GET a file under /api with the session headers and save it under the server's name. */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  opts?: GetFileOptions,
): Promise<string> {
  const { blob, disposition } = await getFile(path, opts);
  const fileName = fileNameFromDisposition(disposition, fallbackName);
  saveBlob(blob, fileName);
  return fileName;
}

/**
 * Downloads the file a GET call answers (`params` fill its path, `query` is appended) and saves
 * it under the server's name, `fallbackName` when the answer names none.
 */
export function downloadCall<C extends Route>(
  call: C,
  params: ParamsOf<C>,
  fallbackName: string,
  { query, ...opts }: GetFileOptions & { query?: string } = {},
): Promise<string> {
  const path = pathWith(call, params as Record<string, string>);
  return downloadApiFile(query ? `${path}?${query}` : path, fallbackName, opts);
}
