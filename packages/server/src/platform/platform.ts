import type { Config } from '../config.ts';
import {
  durabilityNotice,
  openDatabase,
  openedNotice,
  preparedImageDir,
  type Database,
  type Db,
} from './db/index.ts';
import { localCacheBus, redisCacheBus, type CacheBus } from './cache/index.ts';
import { captchaService, type CaptchaService } from './captcha/index.ts';
import {
  loadAutoLoginKey,
  loadConsoleKeySecret,
  loadVendorKeys,
  type VendorKeys,
} from './keys/index.ts';
import { fileBudget, readFileLimit, type FileBudget } from './files/index.ts';
import { jobRunner, type JobRunner } from './jobs/index.ts';
import { loginGuard, type LoginGuard } from './login-guard/index.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import { fileGauges, metricsRegistry, type Metrics } from './metrics/index.ts';
import { passwordHasher, type PasswordHasher } from './passwords/index.ts';
import { sessionService, type SessionService } from './sessions/index.ts';
import type { Logger } from './log.ts';

/**
 * What the contexts' services are built from, once, at start (services.ts): the database, the
 * clock, the cache bus, mail, keys, captcha, password hashing and login limits. A service takes
 * the `Pick` of this that it uses, by name, never the web framework.
 */
export interface Platform {
  config: Config;
  /** The open database: its driver, health and pool; services use `db`. */
  database: Database;
  db: Db;
  /** Milliseconds since the epoch; tests pass their own. Every service reads time from it. */
  clock: () => number;
  bus: CacheBus;
  sessions: SessionService;
  vendorKeys: VendorKeys;
  /** The secret of auto-login links; never derived from the signing key. */
  autoLoginKey: Buffer;
  /** Wraps the console's window-signing key in the database (keys/console-key.ts). */
  consoleKeySecret: Buffer;
  captcha: CaptchaService;
  /** Hashes new passwords at PASSWORD_HASH_COST; verifies a stored hash at the cost it names. */
  passwords: PasswordHasher;
  loginGuard: LoginGuard;
  mailer: Mailer;
  log: Logger;
  metrics: Metrics;
  /**
   * The process's limit of open files, read once at start, and the margin kept of it for
   * everything but push streams (platform/files, docs/operations.md "Open files").
   */
  files: FileBudget;
  /** The one runner of background loops; jobs.ts registers every job in one place. */
  jobs: JobRunner;
}

/** Opens the platform: the database (unless one is given), the cache bus, keys and mail. */
export async function openPlatform(opts: {
  config: Config;
  log: Logger;
  clock: () => number;
  /** An already open database (tests share one per file); else opened from the config. */
  database?: Database;
}): Promise<{ platform: Platform; close: () => Promise<void> }> {
  const { config, log, clock } = opts;
  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: `${config.dataDir}/pglite`,
      pgliteFsync: config.PGLITE_FSYNC === 'on',
      pgliteImage: preparedImageDir(),
    }));
  if (!opts.database) {
    const opened = openedNotice(
      database,
      config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`,
    );
    log.info(opened.data, opened.msg);
  }
  const durability = durabilityNotice(database.durability);
  if (durability) log[durability.level]({ dir: `${config.dataDir}/pglite` }, durability.msg);
  const db = database.db;
  // With Redis, every node hears the others' cache evictions (cache/cache-bus.ts).
  const bus = config.REDIS_URL ? redisCacheBus(config.REDIS_URL, log) : localCacheBus();
  const metrics = metricsRegistry();
  const files = fileBudget({ limit: readFileLimit() });
  fileGauges(metrics, files);
  log.info(
    { fileLimit: files.limit ?? 'none', margin: files.margin, streamsMax: files.streamsMax },
    files.limit === undefined
      ? 'open files: no limit known; push streams are not refused for want of files'
      : `open files: limit ${files.limit}, ${files.margin} kept for everything else; up to ${files.streamsMax} push streams`,
  );
  const platform: Platform = {
    config,
    database,
    db,
    clock,
    bus,
    sessions: sessionService(db, clock, bus),
    vendorKeys: loadVendorKeys({
      dataDir: config.dataDir,
      privatePem: config.VENDOR_PRIVATE_KEY,
      publicPem: config.VENDOR_PUBLIC_KEY,
    }),
    autoLoginKey: loadAutoLoginKey({ dataDir: config.dataDir, secret: config.AUTO_LOGIN_KEY }),
    consoleKeySecret: loadConsoleKeySecret({
      dataDir: config.dataDir,
      secret: config.CONSOLE_KEY_SECRET,
    }),
    captcha: captchaService(db, { enabled: config.CAPTCHA === 'on', now: clock }),
    passwords: passwordHasher({ cost: config.PASSWORD_HASH_COST }),
    loginGuard: loginGuard(db, clock),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log,
    }),
    log,
    metrics,
    files,
    jobs: jobRunner({ db, log, metrics }),
  };
  return {
    platform,
    async close() {
      await bus.close();
      if (!opts.database) await database.close();
    },
  };
}
