import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import {
  durabilityNotice,
  openDatabase,
  openedNotice,
  preparedImageDir,
  type Database,
  type Db,
} from './platform/db/index.ts';
import { loadAutoLoginKey, loadVendorKeys, type VendorKeys } from './platform/keys/index.ts';
import { sessionService, type SessionService } from './platform/sessions/index.ts';
import { consoleCache, type ConsoleCache } from './console/access/index.ts';
import { licencePageCache, type LicencePageCache } from './portal/licence/index.ts';
import { captchaService, type CaptchaService } from './platform/captcha/index.ts';
import { loginGuard, type LoginGuard } from './platform/login-guard/index.ts';
import { createMailer, type Mailer } from './platform/mail/index.ts';
import {
  externalPlugins,
  securityHeadersPlugin,
  i18nPlugin,
  envelopePlugin,
  inputGuardPlugin,
  routingError,
  authPlugin,
  defaultWebDist,
  webPlugin,
  responseSerializer,
  lazyChildLogger,
  metricsRoutes,
} from './platform/http/index.ts';
import { gaugesOf, metricsRegistry } from './platform/metrics/index.ts';
import { CHECK_IN_INTERVAL_S } from '@edp/shared/contracts/engine';
import { localCacheBus, redisCacheBus, type CacheBus } from './platform/cache/index.ts';
import { emailCodeService } from './portal/company/index.ts';
import { apiRoutes } from './api-routes.ts';
import { guardOf } from './guards.ts';
import type { Platform } from './platform/platform.ts';
import { buildServices } from './services.ts';
import type { EngineContext } from './engines/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sessions: SessionService;
    consoleCache: ConsoleCache;
    cacheBus: CacheBus;
    licencePages: LicencePageCache;
    vendorKeys: VendorKeys;
    captcha: CaptchaService;
    loginGuard: LoginGuard;
    mailer: Mailer;
    engines: EngineContext;
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
    return503OnClosing: true,
    frameworkErrors: routingError,
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

  const db =
    database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: `${config.dataDir}/pglite`,
      pgliteFsync: config.PGLITE_FSYNC === 'on',
      pgliteImage: preparedImageDir(),
    }));
  if (!database) {
    app.addHook('onClose', () => db.close());
    const opened = openedNotice(db, config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`);
    app.log.info(opened.data, opened.msg);
  }
  const durability = durabilityNotice(db.durability);
  if (durability) app.log[durability.level]({ dir: `${config.dataDir}/pglite` }, durability.msg);
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  // With Redis, every node hears the others' cache evictions (lib/cache-bus.ts).
  const bus = config.REDIS_URL ? redisCacheBus(config.REDIS_URL, app.log) : localCacheBus();
  app.addHook('onClose', () => bus.close());
  app.decorate('cacheBus', bus);
  app.decorate('sessions', sessionService(db.db, Date.now, bus));
  app.decorate('consoleCache', consoleCache(db.db, Date.now, bus));
  app.decorate('licencePages', licencePageCache(Date.now, bus));
  app.decorate(
    'vendorKeys',
    loadVendorKeys({
      dataDir: config.dataDir,
      privatePem: config.VENDOR_PRIVATE_KEY,
      publicPem: config.VENDOR_PUBLIC_KEY,
    }),
  );

  app.decorate('captcha', captchaService(db.db, { enabled: config.CAPTCHA === 'on' }));
  app.decorate('loginGuard', loginGuard(db.db));
  app.decorate(
    'mailer',
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log: app.log,
    }),
  );

  // Dead sessions and expired e-mail codes are swept hourly so the tables hold only what can
  // still be used.
  const codes = emailCodeService(db.db);
  const sweep = setInterval(() => {
    app.sessions.purgeDead().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    codes.purgeExpired().catch((err) => app.log.warn({ err }, 'e-mail code sweep failed'));
  }, 3_600_000).unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const metrics = metricsRegistry();
  metricsRoutes(app, metrics, config.METRICS_TOKEN);
  await app.register(securityHeadersPlugin);
  await app.register(i18nPlugin);
  await app.register(envelopePlugin);
  await app.register(inputGuardPlugin);
  await app.register(externalPlugins, { config });
  await app.register(authPlugin);
  const platform: Platform = {
    config,
    db: db.db,
    clock,
    bus,
    sessions: app.sessions,
    vendorKeys: app.vendorKeys,
    autoLoginKey: loadAutoLoginKey({ dataDir: config.dataDir, secret: config.AUTO_LOGIN_KEY }),
    captcha: app.captcha,
    loginGuard: app.loginGuard,
    mailer: app.mailer,
    log: app.log,
    metrics,
  };
  const services = buildServices(platform, {
    consoleCache: app.consoleCache,
    licencePages: app.licencePages,
  });
  // The last batch of last-seen times is written before the database closes.
  app.addHook('preClose', () => services.engines.flusher.stop());
  app.decorate('engines', services.engines);
  gaugesOf(metrics, {
    enginesOnline: () =>
      services.engines.presence.seenSince(Date.now() - CHECK_IN_INTERVAL_S * 3_000),
    presencePending: () => services.engines.presence.pending(),
    poolUse: db.poolUse,
  });
  app.decorate('guardOf', guardOf(app, services));
  await app.register(apiRoutes(services), { prefix: '/api' });
  await app.register(webPlugin, { webDist: config.WEB_DIST ?? defaultWebDist() });
  return app;
}
