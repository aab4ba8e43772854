import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

const PASSWORD_HASH_COST_FORM = "must be a whole number from 10 to 20 (log2 of scrypt's N)";

const TRUST_PROXY_FORMS =
  'write false, the number of proxies in front (e.g. 1), or their addresses (e.g. 10.0.0.5,10.1.0.0/16)';

/**
 * TRUST_PROXY: `false`, the number of proxies in front, or the proxies' addresses and CIDRs.
 * `true` is refused: it believes the left-most X-Forwarded-For entry, which the client writes
 * itself, so anyone could pick the address the rate limits and the audit log see.
 */
function trustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  if (value === 'false') return false;
  if (value === 'true') {
    ctx.addIssue(
      `true would believe any address a client puts in X-Forwarded-For; ${TRUST_PROXY_FORMS}`,
    );
    return z.NEVER;
  }
  if (/^\d+$/.test(value) && Number(value) >= 1) return Number(value);
  const list = value.split(',').map((entry) => entry.trim());
  const bad = list.filter((entry) => !isAddressOrCidr(entry));
  if (bad.length > 0) {
    ctx.addIssue(
      `not an IP address or CIDR: ${bad.map((b) => `"${b}"`).join(', ')}; ${TRUST_PROXY_FORMS}`,
    );
    return z.NEVER;
  }
  return list;
}

/** An IPv4 or IPv6 address, alone or with a prefix length (a /0 would trust everyone). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

const OUTBOUND_FORMS =
  'write host names, addresses or CIDRs the deployment allows to be internal, e.g. sms.corp.example,10.0.0.5,10.1.0.0/16';

/** A DNS name (not one the URL parser would read as an IPv4 address: no numeric last label). */
const HOST_NAME =
  /^(?=.{1,253}\.?$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*(?!(?:0x[0-9a-f]*|\d+)\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.?$/i;

/**
 * OUTBOUND_ALLOW_HOSTS: the internal hosts a tenant's SMS gateway and webhook may reach anyway
 * (docs/notifications.md, "Internal addresses"); none by default. The deployment's to give, not
 * a tenant's: it knows which of its internal services may be called. A /0, or `*`, would turn the
 * guard off and is refused.
 */
function outboundAllow(value: string, ctx: z.RefinementCtx): string[] {
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = list.filter((entry) => !isAddressOrCidr(entry) && !HOST_NAME.test(entry));
  if (bad.length > 0) {
    ctx.addIssue(
      `not a host name, IP address or CIDR (a /0 is refused): ${bad.map((b) => `"${b}"`).join(', ')}; ${OUTBOUND_FORMS}`,
    );
    return z.NEVER;
  }
  return list;
}

/** Every setting the server reads, validated once at start (README.md lists them). */
const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PGlite only: sync each commit to disk (docs/decisions.md, "Durability of the embedded database"). */
  PGLITE_FSYNC: onOff.default('on'),
  /**
   * PGlite only: engines online past which the log says to move to PostgreSQL (README, "How
   * many engines"), measured on a two-core machine; a larger one may hold more.
   */
  PGLITE_ENGINES_MAX: z.coerce.number().int().min(1).default(50_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('EDP Console <no-reply@edp.local>'),
  PUBLIC_URL: z.url().optional(),
  CAPTCHA: onOff.default('on'),
  /**
   * log2 of scrypt's N for new password hashes (docs/architecture.md §8 item 1); lower only for
   * tests, where every tenant's duty accounts and every sign-in pay for it.
   */
  PASSWORD_HASH_COST: z.coerce
    .number(PASSWORD_HASH_COST_FORM)
    .int(PASSWORD_HASH_COST_FORM)
    .min(10, PASSWORD_HASH_COST_FORM)
    .max(20, PASSWORD_HASH_COST_FORM)
    .default(15),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z.string().default('false').transform(trustProxy),
  /** Internal hosts a tenant's gateway or webhook may reach anyway; none by default. */
  OUTBOUND_ALLOW_HOSTS: z.string().default('').transform(outboundAllow),
  VENDOR_PRIVATE_KEY: z.string().includes('PRIVATE KEY').optional(),
  VENDOR_PUBLIC_KEY: z.string().includes('PUBLIC KEY').optional(),
  AUTO_LOGIN_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43,}={0,2}$/, 'must be at least 32 random bytes in base64')
    .optional(),
  CONSOLE_KEY_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43,}={0,2}$/, 'must be at least 32 random bytes in base64')
    .optional(),
  WEB_DIST: z.string().optional(),
  /** The engine file served at /api/agent/engine; default packages/agent/dist/edp-agent.mjs. */
  ENGINE_FILE: z.string().optional(),
  /** The check-in interval (s) given to engines at enrolment (docs/engines.md). */
  CHECK_IN_INTERVAL_S: z.coerce.number().int().min(2).max(3_600).default(30),
  /** How long a synchronous command waits for its engine's answer, ms (docs/commands.md). */
  SYNC_WAIT_MS: z.coerce.number().int().min(200).max(120_000).default(15_000),
  /** Where the log maintenance writes its backups (docs/logs.md); default DATA_DIR/log-backups. */
  LOG_BACKUP_DIR: z.string().min(1).optional(),
  /** GET /metrics answers only with this bearer token; unset, it answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

export type Config = z.infer<typeof ZConfig> & {
  dataDir: string;
  /** LOG_BACKUP_DIR resolved, or DATA_DIR/log-backups. */
  logBackupDir: string;
};

export class ConfigError extends Error {}

/** Parses the environment; a bad setting throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid setting(s):\n${lines.join('\n')}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    logBackupDir: path.resolve(parsed.data.LOG_BACKUP_DIR ?? path.join(dataDir, 'log-backups')),
  };
}
