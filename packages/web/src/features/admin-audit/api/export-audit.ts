import { ApiError, apiUrl } from '../../../lib/http.ts';
import { currentLanguage } from '../../../locales/i18n.ts';
import { sessionStore } from '../../../lib/session.ts';
import { filterQuery, type AuditFilter } from '../lib/audit-filter.ts';

/** GET /owner/dw/{ownerId}/audit: the filtered audit log as CSV. */
export const exportAuditPath = (ownerId: string) =>
  `/owner/dw/${encodeURIComponent(ownerId)}/audit`;

/**
 * Downloads the CSV with the session's X-Token (a plain link cannot send the header): fetch it
 * as a blob and save it under the server's file name.
 */
export async function exportAudit(ownerId: string, filter: AuditFilter): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  const token = sessionStore.getSnapshot().token;
  if (token) headers['X-Token'] = token;
  const response = await fetch(`${apiUrl(exportAuditPath(ownerId))}?${filterQuery(filter)}`, {
    headers,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as
      { errCode?: number; msg?: string } | undefined;
    throw new ApiError(body?.errCode ?? -1, body?.msg ?? response.statusText, response.status);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ??
    'audit.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
