import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Starts the server and stops it gracefully on SIGTERM / SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });
  if (config.CAPTCHA === 'off')
    app.log.warn('CAPTCHA=off: captchas are not checked; for automated tests only');
  if (config.PASSWORD_HASH_COST < 15)
    app.log.warn(
      { cost: config.PASSWORD_HASH_COST },
      'PASSWORD_HASH_COST below 15: new password hashes are cheaper to guess; for automated tests only',
    );
  if (!config.SMTP_URL)
    app.log.info(
      { outbox: `${config.dataDir}/outbox` },
      'no SMTP_URL: mail is written as .eml files',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error('Start failed:', err);
  process.exit(1);
});
