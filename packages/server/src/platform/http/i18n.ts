import fp from 'fastify-plugin';
import type { Locale } from '@edp/shared/errors';
import { localeFromAcceptLanguage } from '@edp/shared/locale';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** Picks the answer's language from Accept-Language and says so in the response headers. */
export const i18nPlugin = fp(async (app) => {
  app.decorateRequest('locale', 'zh-CN');
  // Callback-style hooks on every request: an async one costs a promise per call.
  app.addHook('onRequest', (req, reply, done) => {
    req.locale = localeFromAcceptLanguage(req.headers['accept-language']);
    reply.header('Content-Language', req.locale);
    reply.header('Vary', 'Accept-Language');
    done();
  });
});
