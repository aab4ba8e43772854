#!/usr/bin/env -S node --import tsx
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import type { TEngineIdentity } from '@edp/shared/contracts/engine';
import { makeLicenceRequest } from './licence-request.ts';
import { keepVendorKey } from './licence.ts';
import { DEFAULT_STATE_DIR, files, StateDir } from './state-dir.ts';
import { enrol, engineState, runEngine, type Enrolment } from './engine.ts';
import { ops } from './ops.ts';
import type { OpResult } from './codes.ts';
import { openWindows, windowState } from './windows.ts';
import { migrateAlerts, pendingDpiEvents } from './dpi.ts';
import { LogOutbox } from './log-outbox.ts';
import { byHand } from './access.ts';
import { createSimulator } from './simulator.ts';
import { isSupervised, superviseRestarts } from './supervisor.ts';
import { recover } from './recover.ts';
import { asResult } from './codes.ts';

/** This file: the built one-file engine (edp-agent.mjs), which engine.upgrade replaces, or cli.ts. */
const selfFile = fileURLToPath(import.meta.url);
const engineFile = selfFile.endsWith('.mjs') ? selfFile : undefined;

const kinds = ENGINE_KINDS.join('|');
const usage = `Usage: edp-agent <command> [options]     (docs/engines-agent.md)

  enrol   --url <console base URL> --secret <enrolment secret> [--dir <state dir>]
          [--kind <${kinds}>] [--name <device name>] [--fingerprint <hex>] [--ip <address>]
          [--vendor-key <vendor-ed25519.pub>]  (the key licences are checked with; replaces the
                                        one held. Without it, the first console's answer gives it)
          (--group-secret <secret> is the same as --secret: a group's secret puts the device in it)
  run     [--dir <state dir>] [--once] [--dpi-every <seconds>] [--no-push]
          [--no-access]       (do not report the accesses to protected folders seen in /proc)
  status  [--dir <state dir>]
  protect   --tde <folder> | --dpi <folder>   [--dir <state dir>]
  unprotect --tde <folder> | --dpi <folder>   [--dir <state dir>]
  verify    --dpi <folder>                    [--dir <state dir>]
  install-licence <file.lic> [--key <vendor-ed25519.pub>] [--dir <state dir>]
  recover <folder> --file <recovery file> [--passphrase-file <file> | --identity <age identity>]
          [--install] [--dir <state dir>]
          (decrypts the folder with the key a recovery under dual control gave; the file as the
           console delivered it, or its clear text from "age -d"; --install puts the key back
           as the engine's tde.key, never over another key)
  simulate --url <URL> --secret <secret> --count <N> [--interval <s>] [--offline-share <0-1>]
           [--report <s>] [--duration <s>] [--concurrency <n>] [--connections <n>] [--seed <text>]
           [--hold-interval]   (check in every --interval s whatever the console answers)
           [--no-push]         (no push streams: check-ins at the interval only)
           [--logs-per-second <n>] [--log-flush-ms <ms>]  (log events across the fleet)
           [--escrow]          (each engine holds a data key and escrows it, as engines do)
  request --kind <${kinds}> --months <1-120> [--device <id>] [--name <device name>]
          [--fingerprint <hex>] [--serial <installed>] [--out <file.dat>] [--dir <state dir>]

The state directory defaults to ${DEFAULT_STATE_DIR}.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function args<O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
  positionals = false,
) {
  try {
    return parseArgs({
      args: argv,
      options: { dir: { type: 'string' }, ...options },
      allowPositionals: positionals,
      strict: true,
    });
  } catch (err) {
    fail((err as Error).message);
  }
}

function number(value: string | undefined, name: string, fallback?: number): number {
  if (value === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number ≥ 0`);
  return n;
}

function kindOf(value: string | undefined): EngineKind | undefined {
  if (value === undefined) return undefined;
  const kind = value.toUpperCase();
  if (!(ENGINE_KINDS as readonly string[]).includes(kind)) fail(`--kind must be one of ${kinds}`);
  return kind as EngineKind;
}

/** Prints an operation's code and message (and what it did) and sets the exit status. */
function report(result: OpResult): void {
  console.log(`${result.code} ${result.message}`);
  if (result.detail) console.log(JSON.stringify(result.detail));
  process.exitCode = result.code === 0 ? 0 : 1;
}

function folderOp(argv: string[], name: 'protect' | 'unprotect' | 'verify') {
  const { values } = args(argv, { tde: { type: 'string' }, dpi: { type: 'string' } });
  const state = new StateDir(values.dir);
  if (!!values.tde === !!values.dpi) fail(`${name} takes one of --tde <folder> or --dpi <folder>`);
  if (values.tde) {
    if (name === 'verify') fail('verify takes --dpi <folder>');
    return name === 'protect'
      ? ops.protectTde(state, values.tde)
      : byHand(state, values.tde, () => ops.unprotectTde(state, values.tde));
  }
  if (name === 'protect') return ops.protectDpi(state, values.dpi);
  if (name === 'verify') return ops.verifyDpi(state, values.dpi);
  return byHand(state, values.dpi!, () => ops.unprotectDpi(state, values.dpi));
}

/** What asks for the usage: the help command, or its flags before or after a command. */
const HELP = new Set(['help', '--help', '-h']);

async function main(command: string | undefined, rest: string[]): Promise<void> {
  // Asked for, the usage is an answer (stdout, exit 0), not a refusal (stderr, exit 2).
  if ((command && HELP.has(command)) || rest.some((a) => a === '--help' || a === '-h')) {
    console.log(usage);
    return;
  }
  switch (command) {
    case 'enrol': {
      const { values } = args(rest, {
        url: { type: 'string' },
        secret: { type: 'string' },
        'group-secret': { type: 'string' },
        kind: { type: 'string' },
        name: { type: 'string' },
        fingerprint: { type: 'string' },
        ip: { type: 'string' },
        'vendor-key': { type: 'string' },
      });
      const secret = values.secret ?? values['group-secret'];
      if (!values.url) fail('--url is required');
      if (!secret) fail('--secret is required');
      try {
        // Given here, the vendor's key replaces the one held: the one local way to change it.
        // Without it, the console's answer gives it once (licence.ts pinVendorKey).
        if (values['vendor-key']) keepVendorKey(new StateDir(values.dir), values['vendor-key']);
        // Said after the line that names the device: what the enrolment did beyond it.
        const said: string[] = [];
        const e = await enrol({
          url: values.url,
          secret,
          dir: values.dir,
          kind: kindOf(values.kind),
          name: values.name,
          fingerprint: values.fingerprint,
          ip: values.ip,
          log: (line) => said.push(line),
        });
        console.log(
          `enrolled as device ${e.deviceId}; first check-in in ${e.interval} s; token kept in ${new StateDir(values.dir).path(files.enrolment)}`,
        );
        for (const line of said) console.log(line);
      } catch (err) {
        console.error(`enrolment failed: ${(err as Error).message}`);
        process.exitCode = 1;
      }
      return;
    }
    case 'run': {
      const { values } = args(rest, {
        once: { type: 'boolean' },
        'dpi-every': { type: 'string' },
        'no-push': { type: 'boolean' },
        'no-access': { type: 'boolean' },
      });
      const controller = new AbortController();
      const onSignal = (signal: NodeJS.Signals) => {
        if (controller.signal.aborted) return;
        console.log(`${new Date().toISOString()} ${signal}: stopping after the current step`);
        controller.abort();
      };
      // Started again by a supervisor (after an upgrade), a signal may come from it and from the
      // terminal or systemd at once: the second is not a reason to stop harder.
      const listen = isSupervised() ? process.on.bind(process) : process.once.bind(process);
      listen('SIGTERM', onSignal);
      listen('SIGINT', onSignal);
      const outcome = await runEngine({
        dir: values.dir,
        once: values.once,
        signal: controller.signal,
        dpiEverySeconds: number(values['dpi-every'], 'dpi-every', 300),
        push: !values['no-push'],
        watchAccess: !values['no-access'],
        engineFile,
      });
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      if (outcome.reason === 'upgraded' && !isSupervised()) {
        process.exitCode = await superviseRestarts((line) =>
          console.log(`${new Date().toISOString()} ${line}`),
        );
        return;
      }
      process.exitCode = outcome.exitCode;
      return;
    }
    case 'status': {
      const { values } = args(rest, {});
      const state = new StateDir(values.dir);
      const enrolment = state.readJson<Enrolment>(files.enrolment);
      if (state.exists(files.alerts)) migrateAlerts(state);
      console.log(
        JSON.stringify(
          {
            stateDir: state.root,
            enrolled: enrolment
              ? { url: enrolment.url, deviceId: enrolment.deviceId, at: enrolment.enrolledAt }
              : null,
            deprecated: state.exists(files.deprecated),
            identity: state.readJson<TEngineIdentity>(files.identity) ?? null,
            state: await engineState(state),
            pendingAlerts: pendingDpiEvents(state),
            logs: new LogOutbox(state).status(),
            unacknowledgedResults: state.readJson<unknown[]>(files.outbox)?.length ?? 0,
            lastCheckIn: state.readJson<{ lastCheckIn: string }>(files.status)?.lastCheckIn ?? null,
            windows: openWindows(state).open.map(windowState),
            learned: Object.keys(
              state.readJson<{ programs?: object }>(files.learned)?.programs ?? {},
            ).length,
          },
          null,
          2,
        ),
      );
      return;
    }
    case 'protect':
    case 'unprotect':
    case 'verify':
      return report(await folderOp(rest, command));
    case 'install-licence':
    case 'install-license': {
      const { values, positionals } = args(rest, { key: { type: 'string' } }, true);
      if (positionals.length !== 1) fail('install-licence takes one certificate file');
      return report(
        await ops.installLicence(new StateDir(values.dir), positionals[0]!, values.key),
      );
    }
    case 'recover': {
      const { values, positionals } = args(
        rest,
        {
          file: { type: 'string' },
          'passphrase-file': { type: 'string' },
          identity: { type: 'string' },
          install: { type: 'boolean' },
        },
        true,
      );
      if (positionals.length !== 1) fail('recover takes one folder');
      if (!values.file) fail('--file <recovery file> is required');
      if (values['passphrase-file'] && values.identity)
        fail('recover takes --passphrase-file or --identity, not both');
      return report(
        await asResult(() =>
          recover(new StateDir(values.dir), {
            folder: positionals[0]!,
            file: values.file!,
            passphraseFile: values['passphrase-file'],
            identity: values.identity,
            install: values.install,
          }),
        ),
      );
    }
    case 'simulate': {
      const { values } = args(rest, {
        url: { type: 'string' },
        secret: { type: 'string' },
        count: { type: 'string' },
        interval: { type: 'string' },
        'offline-share': { type: 'string' },
        report: { type: 'string' },
        duration: { type: 'string' },
        concurrency: { type: 'string' },
        connections: { type: 'string' },
        seed: { type: 'string' },
        'hold-interval': { type: 'boolean' },
        'no-push': { type: 'boolean' },
        'logs-per-second': { type: 'string' },
        'log-flush-ms': { type: 'string' },
        escrow: { type: 'boolean' },
      });
      if (!values.url) fail('--url is required');
      if (!values.secret) fail('--secret is required');
      const controller = new AbortController();
      process.once('SIGTERM', () => controller.abort());
      process.once('SIGINT', () => controller.abort());
      const simulator = createSimulator({
        url: values.url,
        secret: values.secret,
        count: Math.floor(number(values.count, 'count')),
        interval: number(values.interval, 'interval', 30),
        holdInterval: values['hold-interval'],
        push: !values['no-push'],
        offlineShare: number(values['offline-share'], 'offline-share', 0.02),
        reportSeconds: values.report ? number(values.report, 'report') : undefined,
        durationSeconds: values.duration ? number(values.duration, 'duration') : undefined,
        enrolConcurrency: values.concurrency
          ? number(values.concurrency, 'concurrency')
          : undefined,
        connections: values.connections ? number(values.connections, 'connections') : undefined,
        seed: values.seed,
        logsPerSecond: number(values['logs-per-second'], 'logs-per-second', 0),
        logFlushMs: values['log-flush-ms']
          ? number(values['log-flush-ms'], 'log-flush-ms')
          : undefined,
        escrow: values.escrow,
        signal: controller.signal,
      });
      const summary = await simulator.run();
      // The last line of standard output: one JSON object for bench scripts.
      console.log(JSON.stringify(summary));
      process.exitCode = summary.enrolled === 0 ? 1 : 0;
      return;
    }
    case 'request': {
      const { values } = args(rest, {
        kind: { type: 'string' },
        device: { type: 'string' },
        months: { type: 'string' },
        name: { type: 'string' },
        fingerprint: { type: 'string' },
        serial: { type: 'string' },
        out: { type: 'string' },
      });
      const state = new StateDir(values.dir);
      const enrolment = state.readJson<Enrolment>(files.enrolment);
      const identity = state.readJson<TEngineIdentity>(files.identity);
      const kind = kindOf(values.kind) ?? identity?.kind;
      if (!kind) fail(`--kind must be one of ${kinds}`);
      const deviceId = values.device ?? enrolment?.deviceId;
      if (!deviceId) fail('--device is required (or enrol first)');
      const months = Number(values.months);
      if (!Number.isInteger(months) || months < 1 || months > 120)
        fail('--months must be a whole number from 1 to 120');
      const { request, file } = makeLicenceRequest({
        kind,
        deviceId,
        months,
        name: values.name ?? identity?.name,
        // An enrolled engine asks for a licence bound to the fingerprint it enrolled with.
        fingerprint: values.fingerprint ?? (enrolment ? identity?.fingerprint : undefined),
        installedSerial: values.serial ? Number(values.serial) : 0,
      });
      if (values.out) {
        fs.writeFileSync(values.out, file);
        console.error(
          `Wrote ${values.out}: ${request.kind} for ${request.deviceId}, ${months} months, request ${request.requestId}`,
        );
      } else {
        process.stdout.write(file);
      }
      return;
    }
    default:
      fail(command ? `Unknown command: ${command}` : 'No command given.');
  }
}

const [command, ...rest] = process.argv.slice(2);
await main(command, rest);
