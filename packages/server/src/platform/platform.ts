import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from './db/index.ts';
import type { CacheBus } from './cache/index.ts';
import type { CaptchaService } from './captcha/index.ts';
import type { VendorKeys } from './keys/index.ts';
import type { LoginGuard } from './login-guard/index.ts';
import type { Mailer } from './mail/index.ts';
import type { Metrics } from './metrics/index.ts';
import type { SessionService } from './sessions/index.ts';

/**
 * What the contexts' services are built from, once, at start (app.ts): the database, the
 * clock, the cache bus, mail, keys, captcha and login limits. A service takes the `Pick` of this
 * that it uses, never the web framework.
 */
export interface Platform {
  config: Config;
  db: Db;
  /** Milliseconds since the epoch; tests pass their own. */
  clock: () => number;
  bus: CacheBus;
  sessions: SessionService;
  vendorKeys: VendorKeys;
  /** The secret of auto-login links; never derived from the signing key. */
  autoLoginKey: Buffer;
  captcha: CaptchaService;
  loginGuard: LoginGuard;
  mailer: Mailer;
  log: FastifyBaseLogger;
  metrics: Metrics;
}
