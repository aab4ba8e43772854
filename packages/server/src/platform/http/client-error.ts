import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyBaseLogger } from 'fastify';
import { CommonErr, errorMessage, errorStatus } from '@edp/shared/errors';
import { localeFromAcceptLanguage } from '@edp/shared/locale';
import { apiHeaders } from './security-headers.ts';

/** Node's parse errors by code; any other one is a request that is not HTTP. */
const codes: Record<string, number> = {
  HPE_HEADER_OVERFLOW: CommonErr.HeadersTooLarge,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: CommonErr.TooLarge,
  ERR_HTTP_REQUEST_TIMEOUT: CommonErr.Timeout,
};

/** The Accept-Language of the bytes the parser refused, when they hold one. */
function acceptLanguageIn(packet: unknown): string | undefined {
  // A Buffer at run time, whatever Fastify's type of it says.
  if (!Buffer.isBuffer(packet)) return undefined;
  return /^accept-language[ \t]*:[ \t]*([^\r\n]*)/im.exec(packet.toString('latin1'))?.[1];
}

/** What the handler uses of Fastify's `this`, the instance it is bound to. */
interface Bound {
  log: Pick<FastifyBaseLogger, 'debug'>;
}

/**
 * Node's own refusals of what it cannot read as HTTP (Fastify's `clientErrorHandler`, node's
 * 'clientError'): a header block over the limit (431), a request line or header that does not
 * parse (400), a request that took too long (408). They come before any request object, so no
 * hook or error handler sees them: the envelope is written to the socket here, with the API's
 * headers, in the language the refused bytes asked for when they say (zh-CN otherwise).
 *
 * As node's default does, nothing is written when a response on the connection has begun (a
 * pipelined request after it failed): bytes in the middle of that answer would corrupt it.
 */
export function clientError(this: Bound, err: ConnectionError, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const code = codes[err.code ?? ''] ?? CommonErr.BadRequest;
    const status = errorStatus(code);
    const locale = localeFromAcceptLanguage(acceptLanguageIn(err.rawPacket));
    const body = JSON.stringify({ success: false, errCode: code, msg: errorMessage(code, locale) });
    const headers = {
      ...apiHeaders,
      'content-language': locale,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  }
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  socket.destroy(err);
}
