import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/index.ts';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Times every request by its route pattern, and serves GET /metrics when a token is set. Without
 * the token the request goes to the not-found handler: /metrics then answers exactly as an
 * unknown path does (status, headers, body), token set or not, so a prober learns nothing of it.
 */
export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unknown';
    metrics.requests.observe(
      { route, method: req.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) return reply.callNotFound();
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
