import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { CacheBus } from '../lib/cache-bus.ts';
import type { CaptchaService } from '../modules/captcha/captcha-service.ts';
import type { ConsoleCache } from '../modules/console-auth/console-cache.ts';
import type { VendorKeys } from '../modules/keys/vendor-keys.ts';
import type { LicencePageCache } from '../modules/licence/licence-page-cache.ts';
import type { LoginGuard } from '../modules/login-guard/login-guard.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import type { SessionService } from '../modules/session/session-service.ts';

/**
 * What the contexts' services are built from, once, at start (app.ts): the database, the
 * clock, the cache bus, mail, keys and the shared caches. A service takes the `Pick` of this
 * that it uses, never the web framework.
 */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  /** Milliseconds since the epoch; tests pass their own. */
  clock: () => number;
  bus: CacheBus;
  sessions: SessionService;
  consoleCache: ConsoleCache;
  licencePages: LicencePageCache;
  vendorKeys: VendorKeys;
  /** The secret of auto-login links; never derived from the signing key. */
  autoLoginKey: Buffer;
  captcha: CaptchaService;
  loginGuard: LoginGuard;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
