import { NotifyErr, type Locale } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { GatewayRuleError } from './gateway-rules.ts';
import { OutboundError, RefusedByGateway } from './outbound.ts';

/** Answered when sending, the refusal is about what is stored, not about the request: 409. */
const CONFLICT = 409;

/**
 * A test SMS's failure as the answer the caller reads in its language: a stored gateway that
 * breaks a rule, an internal address, a redirect (to its host), no answer, or the gateway's own
 * status or code. Anything else is not a gateway's doing and is rethrown.
 */
export function sendFailure(err: unknown): never {
  if (err instanceof GatewayRuleError) throw new AppError(err.code, err.params, CONFLICT);
  if (err instanceof OutboundError) {
    const f = err.failure;
    if (f.kind === 'refused')
      throw new AppError(NotifyErr.InternalAddress, { host: f.host }, CONFLICT);
    if (f.kind === 'redirect') throw new AppError(NotifyErr.Redirected, { host: f.host });
    throw new AppError(NotifyErr.NoAnswer);
  }
  if (err instanceof RefusedByGateway)
    throw new AppError(NotifyErr.SmsFailed, { reason: err.message });
  throw err;
}

/**
 * What the delivery log keeps of a failed message: the short reason of a known failure, and for
 * anything else a fixed text (its details go to the server's log), never a foreign answer's body.
 */
export function logReason(err: unknown): string {
  return isKnownFailure(err) ? err.message : 'not sent: server error';
}

/** A failure of the gateway or of what is stored, as opposed to a fault of this server. */
export const isKnownFailure = (err: unknown): err is Error =>
  err instanceof GatewayRuleError ||
  err instanceof OutboundError ||
  err instanceof RefusedByGateway;

/**
 * The delivery log's reasons in the reader's words (issue 35, point 10). The log keeps the short
 * English reason a failure gave (`logReason`: stable, and what the server's log says too); a
 * zh-CN reader reads it in Chinese. A gateway's status (`HTTP 503`) is a code either language
 * reads as it is; what only the other side can word — cloud SMS's `Code`, the deployment's own
 * mail server's answer — is shown as it came.
 */
const ZH_REASONS: [pattern: RegExp, say: (m: RegExpMatchArray) => string][] = [
  [/^refused: internal address$/, () => '已拒绝：内部地址'],
  [/^redirect to an unknown address$/, () => '被重定向到未知地址'],
  [/^redirect to (.+)$/, (m) => `被重定向到 ${m[1]!}`],
  [/^timeout$/, () => '超时未应答'],
  [/^no answer$/, () => '无应答'],
  [/^invalid once filled: (.+)$/, (m) => `填入后无效：${m[1]!}`],
  [/^invalid secret: (.+)$/, (m) => `密钥格式无效：${m[1]!}`],
  [/^header not allowed: (.+)$/, (m) => `不允许的请求头：${m[1]!}`],
  [/^secrets required$/, () => '须重新填写密钥'],
  [/^off$/, () => '短信网关未启用'],
  [/^not sent: server error$/, () => '未发送：服务器错误'],
];

export function reasonIn(reason: string | null, locale: Locale): string | null {
  if (reason === null || locale !== 'zh-CN') return reason;
  for (const [pattern, say] of ZH_REASONS) {
    const m = pattern.exec(reason);
    if (m) return say(m);
  }
  return reason;
}
