import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CommonErr, errorMessage, errorStatus } from '@edp/shared/errors';
import { successMessages, type SuccessKey } from '@edp/shared/messages';
import type { TEnvelope, TFieldRefusal } from '@edp/shared/contracts/common';
import { rule, ruleText } from '@edp/shared/contracts/field-rules';
import { localeFromAcceptLanguage } from '@edp/shared/locale';
import { AppError } from '../errors/index.ts';
import { validationFailure } from './field-messages.ts';
import { isMachinePath } from './security-headers.ts';

/** Parameters echo the request (a field's name): bounded, so an answer never grows with it. */
const PARAM_MAX = 200;

declare module 'fastify' {
  interface FastifyReply {
    /** Sends the success envelope with `data` and a localised message. */
    ok<T>(data?: T, msg?: SuccessKey): TEnvelope<T>;
  }
}

export function fail(
  req: FastifyRequest,
  reply: FastifyReply,
  code: number,
  params: Record<string, string | number> = {},
  status?: number,
) {
  const locale = req.locale ?? 'zh-CN';
  const shown = Object.fromEntries(
    Object.entries(params).map(([k, v]) => {
      const text = String(v);
      return [k, ruleText(text, locale) ?? text.slice(0, PARAM_MAX)];
    }),
  );
  const body: TEnvelope<TFieldRefusal | Record<string, string | number>> = {
    success: false,
    errCode: code,
    msg: errorMessage(code, locale, shown),
  };
  // A refused field is also named apart, so a form can show the reason under the field; other
  // parameters travel as they are, for screens that act on them (the seconds before a resend):
  // a number stays a number there, only the message spells it out.
  if (code === CommonErr.Invalid && shown.field) {
    body.data = { field: shown.field, reason: shown.detail ?? '' };
  } else if (code !== CommonErr.Invalid && Object.keys(shown).length) {
    body.data = Object.fromEntries(
      Object.entries(shown).map(([k, text]) => {
        const given = params[k];
        return [k, typeof given === 'number' && Number.isFinite(given) ? given : text];
      }),
    );
  }
  const answered = status ?? errorStatus(code);
  // A 429 says how long to wait: the seconds the refusal names, else what the limiter set
  // (@fastify/rate-limit's window), else one second, the shortest wait the header can say.
  if (answered === 429) {
    const seconds = Number(params.seconds);
    if (seconds > 0) reply.header('retry-after', String(Math.ceil(seconds)));
    else if (!reply.hasHeader('retry-after')) reply.header('retry-after', '1');
  }
  return reply.status(answered).send(body);
}

/** Maps fastify's own error codes to the envelope's. */
const fastifyCodes: Record<string, number> = {
  FST_ERR_CTP_BODY_TOO_LARGE: CommonErr.TooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: CommonErr.UnsupportedMedia,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: CommonErr.BadRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: CommonErr.MalformedJson,
  FST_ERR_CTP_INVALID_JSON_BODY: CommonErr.MalformedJson,
  FST_ERR_RATE_LIMIT: CommonErr.TooMany,
};

/**
 * A client error (4xx) raised by Fastify or a plugin without a code of ours, by its status. A
 * file the server will not serve (a path out of its folder: 403 from @fastify/static) is a file
 * that is not there: it answers as an unknown path does, naming no rule that refused it.
 */
const statusCodes: Record<number, number> = {
  403: CommonErr.NotFound,
  404: CommonErr.NotFound,
  408: CommonErr.Timeout,
  413: CommonErr.TooLarge,
  415: CommonErr.UnsupportedMedia,
  429: CommonErr.TooMany,
  431: CommonErr.HeadersTooLarge,
};

/**
 * Every answer under /api is the envelope `{ success, errCode, msg, data? }` — successes,
 * validation failures (naming the field), unknown paths, limits and crashes alike. A 5xx
 * never reveals internals: the detail goes to the log only.
 */
export const envelopePlugin = fp(async (app) => {
  app.decorateReply('ok', function <T>(this: FastifyReply, data?: T, msg: SuccessKey = 'ok') {
    const locale = this.request.locale ?? 'zh-CN';
    const body: TEnvelope<T> = { success: true, errCode: 0, msg: successMessages[msg][locale] };
    if (data !== undefined) body.data = data;
    return body;
  });

  // Fastify's own 503 while it shuts down is not the envelope (app.ts turns it off): a call that
  // still arrives once closing has begun is refused here, and the connection not kept.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    fail(req, reply, CommonErr.Unavailable);
  });

  // A POST without a body is a POST with no fields, so every call can be made with a bare POST.
  app.addHook('preValidation', (req, _reply, done) => {
    if (req.body == null && req.method === 'POST') req.body = {};
    done();
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return fail(req, reply, err.code, err.params, err.status);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const failure = validationFailure(req, err.validationContext, err.validation[0]!);
      return fail(req, reply, CommonErr.Invalid, { ...failure });
    }
    if (err.validation) {
      return fail(req, reply, CommonErr.Invalid, {
        field: err.validationContext ?? '',
        detail: '',
      });
    }
    const mapped = err.code ? fastifyCodes[err.code] : undefined;
    if (mapped !== undefined) return fail(req, reply, mapped, {}, err.statusCode);
    if (err instanceof SyntaxError || (err.statusCode === 400 && !err.code)) {
      return fail(req, reply, CommonErr.MalformedJson);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'client error');
      const code = statusCodes[err.statusCode] ?? CommonErr.BadRequest;
      return fail(req, reply, code, {}, code === CommonErr.BadRequest ? err.statusCode : undefined);
    }
    req.log.error({ err }, 'unhandled error');
    return fail(req, reply, CommonErr.Server, {}, 500);
  });
});

/**
 * The router's own refusals (a URL that does not decode, a path parameter over the router's
 * limit) come before any hook: Fastify hands them here (its `frameworkErrors` option), and under
 * /api and /metrics they answer in the envelope like everything else (a page's URL gets a plain
 * 400, as a browser shows it).
 */
export function routingError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  req.locale = localeFromAcceptLanguage(req.headers['accept-language']);
  if (!isMachinePath(req.url)) return reply.status(400).type('text/plain').send('Bad Request');
  return fail(req, reply, CommonErr.Invalid, { field: 'url', detail: rule('wrongFormat') }, 400);
}
