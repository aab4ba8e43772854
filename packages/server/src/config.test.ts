import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('settings', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      CAPTCHA: 'on',
      PGLITE_FSYNC: 'on',
      RATE_LIMIT_PER_MINUTE: 1200,
      PASSWORD_HASH_COST: 15,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.DATABASE_URL).toBeUndefined();
    // The log backups go under DATA_DIR unless told otherwise.
    expect(config.logBackupDir).toBe(path.resolve('./data/log-backups'));
    expect(loadConfig({ DATA_DIR: '/srv/edp' }).logBackupDir).toBe('/srv/edp/log-backups');
    expect(loadConfig({ LOG_BACKUP_DIR: '/mnt/backup/logs' }).logBackupDir).toBe(
      '/mnt/backup/logs',
    );
  });

  it('stops the start with a message naming each bad setting', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', CAPTCHA: 'maybe' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
      expect(message).toMatch(/CAPTCHA/);
    }
  });

  it('takes TRUST_PROXY as false, a number of proxies or a list of proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1, fd00::/8' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses TRUST_PROXY=true, which would believe any X-Forwarded-For, and says what to write', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*the number of proxies in front.*addresses/,
    );
  });

  it('refuses a TRUST_PROXY that is neither a number of proxies nor addresses, naming it', () => {
    for (const bad of ['0', 'proxy.local', '10.0.0.0/33', '10.0.0.1,', '10.0.0.0/0', '1.5']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: /);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.local' })).toThrow(/proxy\.local/);
  });

  it('takes OUTBOUND_ALLOW_HOSTS as host names, addresses and CIDRs, none by default', () => {
    expect(loadConfig({}).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(
      loadConfig({ OUTBOUND_ALLOW_HOSTS: 'sms.corp.example, 10.0.0.5,10.1.0.0/16,fd00::/8' })
        .OUTBOUND_ALLOW_HOSTS,
    ).toEqual(['sms.corp.example', '10.0.0.5', '10.1.0.0/16', 'fd00::/8']);
  });

  it('refuses an OUTBOUND_ALLOW_HOSTS entry that would allow everything or is no host, naming it', () => {
    // A /0 or * turns the guard off; a number is an IPv4 address to the URL parser, not a name.
    for (const bad of ['0.0.0.0/0', '::/0', '*', '*.corp.example', '2130706433', 'a..b', 'h_st']) {
      expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: bad }), bad).toThrow(
        new RegExp(`OUTBOUND_ALLOW_HOSTS: .*"${bad.replace(/[.*]/g, '\\$&')}"`),
      );
    }
  });

  it('takes PGLITE_FSYNC as on or off only', () => {
    expect(loadConfig({ PGLITE_FSYNC: 'off' }).PGLITE_FSYNC).toBe('off');
    expect(() => loadConfig({ PGLITE_FSYNC: 'false' })).toThrow(/PGLITE_FSYNC/);
  });

  it('takes PASSWORD_HASH_COST as a whole number from 10 to 20 only, saying so', () => {
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_COST: '20' }).PASSWORD_HASH_COST).toBe(20);
    for (const bad of ['9', '21', 'x', '12.5']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(
        /PASSWORD_HASH_COST: must be a whole number from 10 to 20/,
      );
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });
});
