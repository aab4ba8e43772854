import { NotifyErr } from '@edp/shared/errors';
import { SMS_PLACEHOLDERS } from '@edp/shared/rules';
import type { TSmsField } from '@edp/shared/contracts/notify';
import { isRefusedHeader } from '@edp/shared/contracts/notify-address';

/**
 * What a stored HTTP gateway must satisfy for every message it will ever send, checked when it is
 * saved (a 400) and again when it sends (a 409, and a reason in the delivery log), since a row an
 * older release saved was not checked: the answer is then a clear refusal, never a 500.
 */
export class GatewayRuleError extends Error {
  constructor(
    readonly code: number,
    readonly params: Record<string, string>,
    reason: string,
  ) {
    super(reason);
  }
}

const PLACEHOLDERS = Object.values(SMS_PLACEHOLDERS);
const holdsPlaceholder = (s: string) => PLACEHOLDERS.some((p) => s.includes(p));

/** Whether a header value holds what HTTP cannot carry: a control (tab aside), or non-Latin-1. */
const badHeaderValue = (value: string) =>
  [...value].some((ch) => {
    const c = ch.codePointAt(0)!;
    return (c < 0x20 && c !== 0x09) || c === 0x7f || c > 0xff;
  });

/** The refusal of a field that is not valid once its template is filled. */
export const invalid = (field: string) =>
  new GatewayRuleError(NotifyErr.TemplateInvalid, { field }, `invalid once filled: ${field}`);

/** Values that stand for what fills a template, to see that a filled address still parses. */
const SAMPLE = { content: '验证码 123456 & #?/', phone: '13800138000', ip: '203.0.113.7' };

/** A template's placeholders filled, each value percent-encoded: it cannot leave its part. */
export const fillUrl = (template: string, f: typeof SAMPLE) =>
  template
    .replaceAll(SMS_PLACEHOLDERS.code, encodeURIComponent(f.content))
    .replaceAll(SMS_PLACEHOLDERS.phone, encodeURIComponent(f.phone))
    .replaceAll(SMS_PLACEHOLDERS.ip, encodeURIComponent(f.ip));

/**
 * The address as a template: placeholders only after the host and port (a phone as the port, as
 * in `http://127.0.0.1:#m#/`, or the content as the host would make an address that does not
 * parse, or one the tenant's message picks), and an address that parses once filled.
 */
export function checkUrlTemplate(template: string, field: string): void {
  const rest = template.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authority = rest.split(/[/?]/, 1)[0] ?? '';
  if (authority.includes('#') || holdsPlaceholder(authority)) throw invalid(field);
  try {
    const u = new URL(fillUrl(template, SAMPLE));
    // Credentials in the address would travel in clear in every log of it: a header carries them.
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password)
      throw invalid(field);
  } catch (err) {
    throw err instanceof GatewayRuleError ? err : invalid(field);
  }
}

/**
 * Headers: none the server must write itself (by name), no placeholder in a name, no #c# in a
 * value (a warning's text holds line breaks and Chinese), no line break or control in a value.
 */
export function checkHeaders(headers: readonly TSmsField[]): void {
  for (const h of headers) {
    if (isRefusedHeader(h.key))
      throw new GatewayRuleError(
        NotifyErr.HeaderRefused,
        { header: h.key },
        `header not allowed: ${h.key}`,
      );
    const field = `http.headers.${h.key}`;
    if (holdsPlaceholder(h.key) || h.value.includes(SMS_PLACEHOLDERS.code)) throw invalid(field);
    if (badHeaderValue(h.value)) throw invalid(field);
  }
}

/** Every rule of an HTTP gateway (its secrets open, or as sent). */
export function checkGateway(g: { url: string; headers: readonly TSmsField[] }): void {
  checkHeaders(g.headers);
  checkUrlTemplate(g.url, 'http.url');
}
