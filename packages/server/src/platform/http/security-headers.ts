import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd writes its CSS-in-JS into <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/**
 * Helmet's headers do not depend on the request, yet helmet rebuilds its CSP string on every
 * call. So helmet runs once, at start, against a recorder, and the result is set as a constant.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  helmet(options)({} as never, recorder as never, () => undefined);
  return headers;
}

/**
 * The headers of a JSON answer (OWASP REST Security Cheat Sheet): it loads nothing, may not be
 * framed or sniffed, and is never cached, since most answers hold a company's or a tenant's
 * data. A page's full policy above is for documents; sent with every API answer it was three
 * quarters of the answer's bytes, which every client then had to read.
 */
export const apiHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Paths the web app has no page under: the API and the metrics. An unknown one answers the
 * envelope's 404, never the app's page (web.ts).
 */
export const isMachinePath = (url: string) => url.startsWith('/api') || url.startsWith('/metrics');

/**
 * API answers (and /metrics, so that its 404 is any unknown path's) get `apiHeaders`; pages,
 * assets and the OpenAPI UI get helmet's set.
 */
export const securityHeadersPlugin = fp(async (app) => {
  const documentHeaders = securityHeaders();
  app.addHook('onRequest', (req, reply, done) => {
    const api =
      (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs')) ||
      req.url.startsWith('/metrics');
    reply.headers(api ? apiHeaders : documentHeaders);
    done();
  });
});
