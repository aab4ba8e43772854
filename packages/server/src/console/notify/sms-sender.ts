import { createHmac, randomUUID } from 'node:crypto';
import { Headers } from 'undici';
import { SMS_PLACEHOLDERS } from '@edp/shared/rules';
import type { Locale } from '@edp/shared/errors';
import type { TSmsCloud, TSmsField } from '@edp/shared/contracts/notify';
import type { StoredSms } from './stored-settings.ts';
import { checkGateway, checkUrlTemplate, fillUrl, invalid } from './gateway-rules.ts';
import { isOk, RefusedByGateway, type OutboundClient } from './outbound.ts';

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

/** The filled headers; one that HTTP cannot carry is refused by name, before any call. */
function headersOf(fields: readonly TSmsField[], f: SmsFill) {
  const headers = new Headers();
  for (const h of fields) {
    try {
      headers.append(h.key, fill(h.value, f));
    } catch {
      throw invalid(`http.headers.${h.key}`);
    }
  }
  return headers;
}

/**
 * An HTTP gateway: its parameters in the query (GET) or the body (POST, JSON or a form). Its
 * rules are checked again first: a row saved before them answers a clear refusal.
 */
async function viaHttp(client: OutboundClient, g: NonNullable<StoredSms['http']>, f: SmsFill) {
  checkGateway(g);
  const pairs = (fields: readonly TSmsField[]) =>
    fields.map((p): [string, string] => [p.key, fill(p.value, f)]);
  const headers = headersOf(g.headers, f);
  const url = new URL(fillUrl(g.url, f));
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
  const r = await client.call(url.href, { method: g.method, headers, body });
  if (!isOk(r.status)) throw new RefusedByGateway(`HTTP ${r.status}`);
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

/** A provider's error code as it may be shown (`isv.BUSINESS_LIMIT_CONTROL`), else nothing. */
const SHORT_CODE = /^[A-Za-z0-9._-]{1,64}$/;

async function viaCloud(
  client: OutboundClient,
  c: NonNullable<StoredSms['cloud']>,
  f: SmsFill,
  at: Date,
) {
  checkUrlTemplate(c.endpoint, 'cloud.endpoint');
  const base = c.endpoint.endsWith('/') ? c.endpoint : `${c.endpoint}/`;
  const query = signedCloudQuery(c, f.phone, f.content, at, randomUUID());
  const r = await client.call(`${base}?${query}`, { method: 'GET' }, true);
  let code = '';
  try {
    code = String((JSON.parse(r.text) as { Code?: unknown }).Code ?? '');
  } catch {
    // Not JSON: the status tells.
  }
  // The provider's code, never its Message or anything else the answer held.
  if (!isOk(r.status) || code !== 'OK')
    throw new RefusedByGateway(SHORT_CODE.test(code) ? code : `HTTP ${r.status}`);
  return r;
}

const TEST_WORDS: Record<Locale, (code: string) => string> = {
  'zh-CN': (code) => `这是一条测试短信：短信网关可用（测试码 ${code}）`,
  'en-US': (code) => `This is a test SMS: the SMS gateway works (test code ${code})`,
};

/**
 * What a test SMS says (its #c#): that it is a test, in the tenant's message language, with a
 * code that tells one try from another. Cloud SMS with a verification-code template takes the
 * code alone: the provider's approved template holds one `${code}` of digits and refuses words.
 */
export function testSmsContent(sms: StoredSms, code: string, language: Locale): string {
  if (sms.mode === 'cloud' && sms.cloud?.templateType === 'code') return code;
  return TEST_WORDS[language](code);
}

/**
 * Sends one SMS through a tenant's gateway (its secrets opened): the HTTP gateway with its
 * template filled, or cloud SMS with the provider's template. Answers the gateway's status and
 * time; throws RefusedByGateway when it is off or did not take it, OutboundError when it did not
 * answer, GatewayRuleError when the stored gateway breaks a rule.
 */
export async function sendSms(client: OutboundClient, sms: StoredSms, f: SmsFill, now: Date) {
  if (sms.mode === 'http' && sms.http) return viaHttp(client, sms.http, f);
  if (sms.mode === 'cloud' && sms.cloud) return viaCloud(client, sms.cloud, f, now);
  throw new RefusedByGateway('off');
}
