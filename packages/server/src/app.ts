import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './platform/db/index.ts';
import {
  externalPlugins,
  securityHeadersPlugin,
  i18nPlugin,
  envelopePlugin,
  inputGuardPlugin,
  routingError,
  clientError,
  authPlugin,
  defaultWebDist,
  webPlugin,
  responseSerializer,
  lazyChildLogger,
  metricsRoutes,
} from './platform/http/index.ts';
import { gaugesOf } from './platform/metrics/index.ts';
import { openPlatform, type Platform } from './platform/platform.ts';
import { apiRoutes } from './api-routes.ts';
import { guardOf } from './guards.ts';
import { buildServices, type Services } from './services.ts';
import { registerJobs } from './jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the HTTP plumbing reads (sessions, captcha, config); services get it at start. */
    platform: Platform;
    /** Every service, as the routes were handed them (tests and the shutdown reach them here). */
    services: Services;
  }
}

export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); else opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of standard output (tests that read the log). */
  logStream?: { write(line: string): void };
  /** Also check every answer against its zod schema (tests; see plugins/serializer.ts). */
  checkResponses?: boolean;
  /** The services' clock (tests that move time); default Date.now. */
  clock?: () => number;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function: Fastify 5.12 takes a
 * bare number as trusting no proxy at all. With `n` proxies in front, the socket and the n - 1
 * entries they appended last are proxies; the next entry from the right is the client.
 */
function trustProxyOf(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole server: plugins, API routes and the web app. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  checkResponses = false,
  clock = Date.now,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.LOG_LEVEL,
      redact: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
      ...(logStream ? { stream: logStream } : {}),
    },
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    requestTimeout: 120_000,
    return503OnClosing: false, // envelope.ts answers the 503 while closing
    frameworkErrors: routingError,
    clientErrorHandler: clientError,
    // Zod validates, and responseSerializer writes, every schema. Given here rather than with
    // setValidatorCompiler and setSerializerCompiler, Fastify does not load its own (ajv,
    // ajv-formats and their compilers), which were a fifth of a restart's module loading.
    // (Fastify's types know only its ajv and fast-json-stringify factories; these are what
    // setValidatorCompiler and setSerializerCompiler install.)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => responseSerializer({ check: checkResponses })) as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  const { platform, close } = await openPlatform({ config, log: app.log, clock, database });
  app.addHook('onClose', close);
  app.decorate('platform', platform);
  const services = buildServices(platform);
  app.decorate('services', services);

  const { metrics } = platform;
  metricsRoutes(app, metrics, config.METRICS_TOKEN);
  await app.register(securityHeadersPlugin);
  await app.register(i18nPlugin);
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(externalPlugins, { config });
  await app.register(authPlugin);
  await services.engines.commands.start();
  // Every background job (jobs.ts). At the close the push streams end first (they would hold
  // the server open), synchronous callers are let go, then the jobs stop, the presence flusher's
  // last flush among them, before the database closes.
  registerJobs(platform, services);
  platform.jobs.start();
  app.addHook('preClose', async () => {
    services.engines.push.close();
    services.engines.commands.stop();
    await platform.jobs.stop();
  });
  gaugesOf(metrics, {
    enginesOnline: () => services.engines.online(platform.clock()),
    presencePending: () => services.engines.presence.pending(),
    pushStreams: () => services.engines.push.size,
    poolUse: platform.database.poolUse,
  });
  app.decorate('guardOf', guardOf(app, services));
  await app.register(apiRoutes(services), { prefix: '/api' });
  await app.register(webPlugin, { webDist: config.WEB_DIST ?? defaultWebDist() });
  return app;
}
