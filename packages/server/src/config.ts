import path from 'node:path';
import { z } from 'zod';

const onOff = z.enum(['on', 'off']);

/** Every setting the server reads, validated once at start (README.md lists them). */
const ZConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  VENDOR_PRIVATE_KEY: z.string().includes('PRIVATE KEY').optional(),
  VENDOR_PUBLIC_KEY: z.string().includes('PUBLIC KEY').optional(),
  AUTO_LOGIN_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43,}={0,2}$/, 'must be at least 32 random bytes in base64')
    .optional(),
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof ZConfig> & { dataDir: string };

export class ConfigError extends Error {}

/** Parses the environment; a bad setting throws a ConfigError naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZConfig.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid setting(s):\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
