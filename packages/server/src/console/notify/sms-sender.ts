import { createHmac, randomUUID } from 'node:crypto';
import { SMS_PLACEHOLDERS } from '@edp/shared/rules';
import type { TSmsCloud, TSmsField } from '@edp/shared/contracts/notify';
import type { StoredSms } from './stored-settings.ts';
import { callOut, isOk, OutboundError } from './outbound.ts';

/**
 * What the gateway said when it did not take a message (or that it could not be reached): shown
 * to the sender, kept in the log.
 */
export class SmsError extends OutboundError {}

/** What fills a template: #c# the code or the warning, #m# the phone, #ip# an address. */
export interface SmsFill {
  content: string;
  phone: string;
  ip: string;
}

const fill = (text: string, f: SmsFill) =>
  text
    .replaceAll(SMS_PLACEHOLDERS.code, f.content)
    .replaceAll(SMS_PLACEHOLDERS.phone, f.phone)
    .replaceAll(SMS_PLACEHOLDERS.ip, f.ip);

/** The gateway's answer to one call; no answer is an SmsError. */
async function call(url: string, init: RequestInit) {
  try {
    return await callOut(url, init);
  } catch (err) {
    throw err instanceof OutboundError ? new SmsError(err.message) : err;
  }
}

/** An HTTP gateway: its parameters in the query (GET) or the body (POST, JSON or a form). */
async function viaHttp(g: NonNullable<StoredSms['http']>, f: SmsFill) {
  const pairs = (fields: readonly TSmsField[]) =>
    fields.map((p): [string, string] => [p.key, fill(p.value, f)]);
  const headers = new Headers(pairs(g.headers));
  const url = new URL(fill(g.url, f));
  let body: string | undefined;
  if (g.method === 'GET') for (const [k, v] of pairs(g.params)) url.searchParams.append(k, v);
  else if (g.contentType === 'json') {
    body = JSON.stringify(Object.fromEntries(pairs(g.params)));
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  } else {
    body = new URLSearchParams(pairs(g.params)).toString();
    if (!headers.has('content-type'))
      headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  const r = await call(url.href, { method: g.method, headers, body });
  if (!isOk(r.status)) throw new SmsError(`HTTP ${r.status} ${r.text.slice(0, 200)}`);
  return r;
}

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it. */
const pct = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * The query of a cloud SendSms call, signed as Alibaba Cloud's RPC API (signature version 1.0,
 * HMAC-SHA1 over the sorted, encoded parameters). Exported for the test gateway, which checks it.
 */
export function signedCloudQuery(
  c: Pick<TSmsCloud, 'signName' | 'keyId' | 'key' | 'templateCode' | 'templateType'>,
  phone: string,
  content: string,
  at: Date,
  nonce: string,
): string {
  const params: Record<string, string> = {
    AccessKeyId: c.keyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: 'cn-hangzhou',
    SignName: c.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: c.templateCode,
    TemplateParam: JSON.stringify(c.templateType === 'code' ? { code: content } : { content }),
    Timestamp: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${pct(k)}=${pct(params[k]!)}`)
    .join('&');
  const signature = createHmac('sha1', `${c.key}&`)
    .update(`GET&${pct('/')}&${pct(canonical)}`)
    .digest('base64');
  return `Signature=${pct(signature)}&${canonical}`;
}

async function viaCloud(c: NonNullable<StoredSms['cloud']>, f: SmsFill, at: Date) {
  const base = c.endpoint.endsWith('/') ? c.endpoint : `${c.endpoint}/`;
  const r = await call(`${base}?${signedCloudQuery(c, f.phone, f.content, at, randomUUID())}`, {
    method: 'GET',
  });
  let code = '';
  let message = '';
  try {
    const json = JSON.parse(r.text) as { Code?: string; Message?: string };
    code = json.Code ?? '';
    message = json.Message ?? '';
  } catch {
    // Not JSON: the status tells.
  }
  if (!isOk(r.status) || code !== 'OK')
    throw new SmsError(`${code || `HTTP ${r.status}`} ${message}`.trim());
  return r;
}

/**
 * Sends one SMS through a tenant's gateway (its secrets opened): the HTTP gateway with its
 * template filled, or cloud SMS with the provider's template. Answers the gateway's status and
 * time; throws SmsError when the gateway is off or did not take it.
 */
export async function sendSms(sms: StoredSms, f: SmsFill, now: Date) {
  if (sms.mode === 'http' && sms.http) return viaHttp(sms.http, f);
  if (sms.mode === 'cloud' && sms.cloud) return viaCloud(sms.cloud, f, now);
  throw new SmsError('off');
}
