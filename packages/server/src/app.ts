import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { loadAutoLoginKey, loadVendorKeys, type VendorKeys } from './modules/keys/vendor-keys.ts';
import { sessionService, type SessionService } from './modules/session/session-service.ts';
import { consoleCache, type ConsoleCache } from './modules/console-auth/console-cache.ts';
import { licencePageCache, type LicencePageCache } from './modules/licence/licence-page-cache.ts';
import { captchaService, type CaptchaService } from './modules/captcha/captcha-service.ts';
import { loginGuard, type LoginGuard } from './modules/login-guard/login-guard.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import { externalPlugins } from './plugins/external.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { localCacheBus, redisCacheBus, type CacheBus } from './lib/cache-bus.ts';
import { emailCodeService } from './modules/company/email-code-service.ts';
import { i18nPlugin } from './plugins/i18n.ts';
import { envelopePlugin } from './plugins/envelope.ts';
import { authPlugin } from './plugins/auth.ts';
import { defaultWebDist, webPlugin } from './plugins/web.ts';
import { responseSerializer } from './plugins/serializer.ts';
import { lazyChildLogger } from './lib/lazy-child-logger.ts';
import { apiRoutes } from './routes/index.ts';
import type { Platform } from './platform/platform.ts';
import { buildServices } from './services.ts';

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
  }
}

export const BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 10 * 1024 * 1024;

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); else opened from the config. */
  database?: Database;
  logger?: boolean;
  /** Also check every answer against its zod schema (tests; see plugins/serializer.ts). */
  checkResponses?: boolean;
}

/** Builds the whole server: plugins, API routes and the web app. */
export async function buildApp({
  config,
  database,
  logger = true,
  checkResponses = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      level: config.LOG_LEVEL,
      redact: ['req.headers["x-token"]', 'req.headers.cookie', 'req.headers.authorization'],
    },
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestTimeout: 120_000,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ check: checkResponses }));

  const db =
    database ??
    (await openDatabase({ url: config.DATABASE_URL, pgliteDir: `${config.dataDir}/pglite` }));
  if (!database) app.addHook('onClose', () => db.close());
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

  await app.register(securityHeadersPlugin);
  await app.register(i18nPlugin);
  await app.register(envelopePlugin);
  await app.register(externalPlugins, { config });
  await app.register(authPlugin);
  const platform: Platform = {
    config,
    database: db,
    db: db.db,
    clock: Date.now,
    bus,
    sessions: app.sessions,
    consoleCache: app.consoleCache,
    licencePages: app.licencePages,
    vendorKeys: app.vendorKeys,
    autoLoginKey: loadAutoLoginKey({ dataDir: config.dataDir, secret: config.AUTO_LOGIN_KEY }),
    captcha: app.captcha,
    loginGuard: app.loginGuard,
    mailer: app.mailer,
    log: app.log,
  };
  await app.register(apiRoutes(buildServices(platform)), { prefix: '/api' });
  await app.register(webPlugin, { webDist: config.WEB_DIST ?? defaultWebDist() });
  return app;
}
