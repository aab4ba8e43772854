import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeConsole, type FakeConsole } from './test/fake-console.ts';
import { makeVendor } from './test/licence-fixture.ts';
import { machineFingerprint } from './identity.ts';
import { runEngineCommand } from './test/engine-file.ts';

/** The command line as people use it: a real process, its output and exit status. */
const cli = runEngineCommand;

let root: string;
let fake: FakeConsole;
let dir: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-agent-cli-'));
  dir = path.join(root, 'state');
  fake = await startFakeConsole({ interval: 1 });
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
});

// Each case runs the command line several times; beside the PostgreSQL tests and the build on two
// cores one took over 30 s.
describe('edp-agent command line', { timeout: 60_000 }, () => {
  it('enrols, checks in once, and refuses to run unenrolled', async () => {
    const missing = await cli(['run', '--once', '--dir', path.join(root, 'nowhere')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toMatch(/not enrolled/);

    const enrolled = await cli([
      'enrol',
      '--url',
      fake.url,
      '--secret',
      fake.secret,
      '--dir',
      dir,
      '--kind',
      'tde',
      '--name',
      'web-01',
    ]);
    expect(enrolled.stderr).toBe('');
    expect(enrolled.code).toBe(0);
    expect(enrolled.stdout).toMatch(/^enrolled as device dev-1; first check-in in 1 s/);
    // The console's answer gave the vendor key licences are checked with (issue 35).
    expect(enrolled.stdout).toMatch(/\nvendor public key [0-9a-f]{16} kept: licences are checked/);
    expect(fs.readFileSync(path.join(dir, 'vendor-ed25519.pub'), 'utf8')).toBe(fake.vendorKey);
    expect(fake.enrolments[0]!.identity).toMatchObject({ name: 'web-01', kind: 'TDE' });
    expect(fs.statSync(path.join(dir, 'agent.json')).mode & 0o777).toBe(0o600);

    const once = await cli(['run', '--once', '--dir', dir]);
    expect(once.code).toBe(0);
    expect(fake.checkIns).toHaveLength(1);

    const refusedDir = path.join(root, 'refused');
    const refused = await cli([
      'enrol',
      '--url',
      fake.url,
      '--secret',
      'edp_enrol_' + 'x'.repeat(32),
      '--dir',
      refusedDir,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/enrolment refused: errCode -10100/);
    // Nothing is left behind by a refused enrolment.
    expect(fs.existsSync(refusedDir)).toBe(false);
  });

  it('enrol --vendor-key keeps the key given, not another one the console offers', async () => {
    const own = path.join(root, 'own-key');
    const vendor = makeVendor(fs.mkdtempSync(path.join(root, 'vendor-')));
    const args = ['enrol', '--url', fake.url, '--secret', fake.secret, '--dir', own];
    const given = await cli([
      ...args,
      '--vendor-key',
      vendor.keyFile,
      '--fingerprint',
      'ab'.repeat(32),
    ]);
    expect(given.code, given.stdout + given.stderr).toBe(0);
    expect(given.stdout).toMatch(
      new RegExp(
        `\\nthe console offered vendor public key [0-9a-f]{16}, another than the one held \\(${vendor.kid}\\)`,
      ),
    );
    expect(fs.readFileSync(path.join(own, 'vendor-ed25519.pub'), 'utf8')).toBe(vendor.publicPem);
  });

  it('protects folders and prints each code with its message', async () => {
    const data = path.join(root, 'data');
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'payroll.csv'), 'name,salary\n');

    const noLicence = await cli(['protect', '--tde', data, '--dir', dir]);
    expect(noLicence.code).toBe(1);
    expect(noLicence.stdout).toMatch(/^-13 License file missing/);

    const vendor = makeVendor(root);
    const lic = path.join(root, 'engine.lic');
    fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', fingerprint: machineFingerprint() }));
    const installed = await cli(['install-licence', lic, '--key', vendor.keyFile, '--dir', dir]);
    expect(installed.code).toBe(0);
    expect(installed.stdout).toMatch(/^0 Success\n\{"serial":1,"kind":"TDE"/);

    const missing = await cli(['install-licence', path.join(root, 'none.lic'), '--dir', dir]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/^-13 License file missing/);

    const protectedOk = await cli(['protect', '--tde', data, '--dir', dir]);
    expect(protectedOk.code).toBe(0);
    expect(protectedOk.stdout).toMatch(/^0 Success\n/);
    expect(fs.readFileSync(path.join(data, 'payroll.csv'), 'latin1')).toMatch(/^EDPTDE/);

    const again = await cli(['protect', '--tde', data, '--dir', dir]);
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^-47 Already encrypted/);

    // A TDE licence does not allow integrity monitoring.
    const dpi = await cli(['protect', '--dpi', data, '--dir', dir]);
    expect(dpi.code).toBe(1);
    expect(dpi.stdout).toMatch(/^-85 Command not allowed by the license/);
    const gone = await cli(['verify', '--dpi', path.join(root, 'gone'), '--dir', dir]);
    expect(gone.stdout).toMatch(/^-18 Directory missing/);

    const restored = await cli(['unprotect', '--tde', data, '--dir', dir]);
    expect(restored.code).toBe(0);
    expect(fs.readFileSync(path.join(data, 'payroll.csv'), 'utf8')).toBe('name,salary\n');

    const status = JSON.parse((await cli(['status', '--dir', dir])).stdout);
    expect(status).toMatchObject({
      enrolled: { deviceId: 'dev-1' },
      state: { activation: 'active', licence: { serial: 1 } },
    });
    const { token } = JSON.parse(fs.readFileSync(path.join(dir, 'agent.json'), 'utf8'));
    expect(JSON.stringify(status)).not.toContain(token);
  });

  it('answers -49 when the temporary file cannot be written, leaving the original whole', async () => {
    const big = path.join(root, 'big');
    fs.mkdirSync(big);
    const bytes = crypto.getRandomValues(new Uint8Array(60_000));
    const content = Buffer.concat(Array.from({ length: 40 }, () => Buffer.from(bytes)));
    fs.writeFileSync(path.join(big, 'video.bin'), content);
    // The process may write files of up to 1 MiB: the 2.4 MB temporary file fails (EFBIG).
    const ran = await cli(['protect', '--tde', big, '--dir', dir], { fileSizeLimit: 1024 });
    expect(ran.code).toBe(1);
    expect(ran.stdout).toMatch(/^-49 Temporary file failure: .*video\.bin: EFBIG/);
    expect(fs.readdirSync(big)).toEqual(['video.bin']);
    expect(fs.readFileSync(path.join(big, 'video.bin')).equals(content)).toBe(true);
  });

  it('stops cleanly on SIGTERM, and for good once deprecated', async () => {
    const before = fake.checkIns.length;
    const ran = await cli(['run', '--dir', dir], {
      onStart: (child) => {
        const timer = setInterval(() => {
          if (fake.checkIns.length > before) {
            clearInterval(timer);
            child.kill('SIGTERM');
          }
        }, 20);
      },
    });
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/SIGTERM: stopping after the current step/);
    expect(ran.stdout.trim().split('\n').at(-1)).toMatch(/ stopped$/);

    fake.deprecate('dev-1');
    const deprecated = await cli(['run', '--dir', dir]);
    expect(deprecated.code).toBe(4);
    expect(deprecated.stdout).toMatch(/stopping for good: device dev-1 was deprecated/);
  });

  it('simulates engines and ends with a JSON summary', async () => {
    const sim = await cli([
      'simulate',
      '--url',
      fake.url,
      '--secret',
      fake.secret,
      '--count',
      '20',
      '--interval',
      '1',
      '--duration',
      '1.5',
      '--report',
      '1',
      '--seed',
      'cli-test',
    ]);
    expect(sim.code).toBe(0);
    const summary = JSON.parse(sim.stdout.trim().split('\n').at(-1)!);
    expect(summary).toMatchObject({ count: 20, enrolled: 20, checkIns: { failed: 0 } });
    expect(summary.checkIns.sent).toBeGreaterThanOrEqual(20);
    expect(sim.stderr).toMatch(/enrolled 20\/20/);
    expect(sim.stderr).toMatch(/t=1s sent=\d+ .* latency ms p50=/);
  });

  it('prints its usage for --help, -h and help (a command, or after one), on stdout, exit 0', async () => {
    for (const args of [['--help'], ['-h'], ['help'], ['run', '--help']]) {
      const ran = await cli(args);
      expect(ran.stderr, args.join(' ')).toBe('');
      expect(ran.code, args.join(' ')).toBe(0);
      expect(ran.stdout, args.join(' ')).toMatch(/^Usage: edp-agent <command> \[options\]/);
      expect(ran.stdout).toContain('enrol   --url <console base URL>');
    }
    // An unknown command is still refused, with the usage, on stderr.
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown command: frobnicate\n\nUsage:/);
  });
});
