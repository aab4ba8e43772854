import { describe, expect, it } from 'vitest';
import { zhTypesettingFaults } from '@edp/shared/zh-typesetting';
import { OutboundError } from '../../platform/outbound/index.ts';
import { checkUrlTemplate, GatewayRuleError } from './gateway-rules.ts';
import { RefusedByGateway } from './outbound.ts';
import { logReason, reasonIn } from './send-errors.ts';

/** What the delivery log keeps of each failure it can name, as the failures themselves word it. */
function reasons(): string[] {
  const kept: string[] = [
    ...(['refused', 'redirect', 'timeout', 'noAnswer'] as const).map((kind) =>
      logReason(new OutboundError({ kind, host: kind === 'redirect' ? 'gw.example:8443' : '' })),
    ),
    logReason(new OutboundError({ kind: 'redirect', host: '' })),
    logReason(new RefusedByGateway('HTTP 503')),
    logReason(new Error('a fault of this server')),
  ];
  try {
    checkUrlTemplate('http://#m#.example/', 'http.url');
  } catch (err) {
    if (err instanceof GatewayRuleError) kept.push(logReason(err));
  }
  kept.push('header not allowed: Host', 'invalid secret: webhookSecret', 'secrets required', 'off');
  return kept;
}

/**
 * Issue 35, point 10: the delivery log showed its reasons in English to a zh-CN reader
 * ("refused: internal address"). Each is read in the reader's words; the data in it (a host, a
 * field, a header, a status) stays as it is.
 */
describe("the delivery log's reasons", () => {
  it('read in Chinese for a zh-CN reader, with no English word left but the data', () => {
    const all = reasons();
    expect(all).toContain('refused: internal address');
    const zh = all.map((r) => reasonIn(r, 'zh-CN')!);
    expect(zh).toEqual([
      '已拒绝：内部地址',
      '被重定向到 gw.example:8443',
      '超时未应答',
      '无应答',
      '被重定向到未知地址',
      'HTTP 503',
      '未发送：服务器错误',
      expect.stringMatching(/^填入后无效：http\.url/),
      '不允许的请求头：Host',
      '密钥格式无效：webhookSecret',
      '须重新填写密钥',
      '短信网关未启用',
    ]);
    expect(zh.filter((t) => zhTypesettingFaults(t).length > 0)).toEqual([]);
    const data = /gw\.example:8443|http\.url|Host|webhookSecret|HTTP 503/g;
    expect(zh.filter((t) => /[A-Za-z]{2,}|[;:,()]/.test(t.replace(data, '')))).toEqual([]);
  });

  it('read as kept for an en-US reader; a provider’s own code as it came in both', () => {
    for (const r of reasons()) expect(reasonIn(r, 'en-US')).toBe(r);
    expect(reasonIn('isv.BUSINESS_LIMIT_CONTROL', 'zh-CN')).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(reasonIn(null, 'zh-CN')).toBeNull();
  });
});
