import fs from 'node:fs';
import type { EngineKind } from '@edp/shared/constants';
import { AgentErr } from '@edp/shared/errors';
import { ZCheckInAnswer, ZEnrolAnswer } from '@edp/shared/contracts/agent';
import { checkIn, enrol as enrolCall } from '@edp/shared/api/engine/agent.calls';
import type { TEngineState } from '@edp/shared/contracts/engine';
import { ProtocolClient, NetworkError, type Answer } from './client.ts';
import { files, StateDir } from './state-dir.ts';
import { ENGINE_VERSION, gatherIdentity } from './identity.ts';
import { heldLicence } from './licence.ts';
import { protectedSummary } from './protected.ts';
import { pendingAlerts, verifyAll } from './dpi.ts';
import { Dispatcher } from './ops.ts';

/** What `enrol` keeps in agent.json (mode 0600: the token is a credential). */
export interface Enrolment {
  url: string;
  deviceId: string;
  token: string;
  interval: number;
  enrolledAt: string;
}

export type Log = (line: string) => void;
export const defaultLog: Log = (line) => console.log(`${new Date().toISOString()} ${line}`);

/** The state the engine reports: a real one, read from its state directory. */
export async function engineState(state: StateDir, now = Date.now()): Promise<TEngineState> {
  const held = heldLicence(state, now);
  return {
    install: 'installed',
    detection: 'ok',
    activation: held?.valid ? 'active' : 'inactive',
    version: ENGINE_VERSION,
    protected: await protectedSummary(state),
    licence: held
      ? { serial: held.payload.serial, expiresAt: new Date(held.payload.expiresAt) }
      : null,
  };
}

export class ProtocolError extends Error {
  constructor(
    readonly errCode: number | undefined,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const describe = (a: Answer) =>
  a.envelope
    ? `errCode ${a.envelope.errCode} (${a.envelope.msg}), HTTP ${a.status}`
    : `HTTP ${a.status}`;

export interface EnrolOptions {
  url: string;
  secret: string;
  dir?: string;
  kind?: EngineKind;
  name?: string;
  fingerprint?: string;
  ip?: string;
}

/** Enrols this machine with the console and keeps the device id and token in the state dir. */
export async function enrol(opts: EnrolOptions): Promise<Enrolment> {
  // The state directory is made when the console has answered, not before.
  const state = new StateDir(opts.dir);
  const identity = gatherIdentity(opts);
  const client = new ProtocolClient(opts.url, { connections: 1 });
  try {
    const answer = await client.post(enrolCall, {
      secret: opts.secret,
      identity,
      state: await engineState(state),
    });
    const data = ZEnrolAnswer.safeParse(answer.envelope?.data);
    if (!answer.envelope?.success || !data.success) {
      throw new ProtocolError(
        answer.envelope?.errCode,
        answer.status,
        `enrolment refused: ${describe(answer)}`,
      );
    }
    const enrolment: Enrolment = {
      url: opts.url,
      deviceId: data.data.deviceId,
      token: data.data.token,
      interval: data.data.interval,
      enrolledAt: new Date().toISOString(),
    };
    state.writeJson(files.enrolment, enrolment, 0o600);
    state.writeJson(files.identity, identity);
    // A new token starts afresh, even after a deprecation.
    fs.rmSync(state.path(files.deprecated), { force: true });
    return enrolment;
  } finally {
    client.close();
  }
}

/** `ms` spread by ±10 %: engines started together do not stay in step. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return ms * (0.9 + 0.2 * random());
}

/** The n-th consecutive failure's wait: base·2^(n-1), at most `cap`, spread by ±10 %. */
export function backoffMs(
  failures: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const raw = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.min(capMs, jittered(raw, random));
}

const clampInterval = (s: number) => Math.min(86_400, Math.max(1, Math.round(s)));

export type StopReason =
  'once' | 'signal' | 'not-enrolled' | 'token-invalid' | 'deprecated' | 'failed';

export interface RunOutcome {
  reason: StopReason;
  /** The process exit code the CLI uses: 0 stopped, 1 --once failed, 2 not enrolled, 3 token invalid, 4 deprecated. */
  exitCode: number;
  checkIns: number;
}

export interface RunOptions {
  dir?: string;
  /** One check-in (and its commands), then stop. */
  once?: boolean;
  /** Stops the loop (SIGTERM in the CLI): the command running finishes, no new one starts. */
  signal?: AbortSignal;
  log?: Log;
  random?: () => number;
  /** Waits after network errors and refusals (default 5 s doubling up to 5 minutes). */
  backoff?: { baseMs: number; capMs: number };
  /** Verify DPI folders this often (default 300 s; 0: only on command). */
  dpiEverySeconds?: number;
  timeoutMs?: number;
  /** How long one second of the protocol's intervals lasts (default 1000 ms; tests shorten it). */
  secondMs?: number;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * The engine: checks in every answered interval (±10 %), reports its state, runs the commands
 * it is given, backs off on network errors and 429, and stops for good on -10101 (token
 * invalid: enrol again) and -10102 (device deprecated).
 */
export async function runEngine(opts: RunOptions = {}): Promise<RunOutcome> {
  const log = opts.log ?? defaultLog;
  const random = opts.random ?? Math.random;
  const backoff = opts.backoff ?? { baseMs: 5_000, capMs: 300_000 };
  const dpiEveryMs = (opts.dpiEverySeconds ?? 300) * 1000;
  const second = opts.secondMs ?? 1000;
  const state = new StateDir(opts.dir);
  const enrolment = state.readJson<Enrolment>(files.enrolment);
  let checkIns = 0;
  const stop = (reason: StopReason, exitCode: number): RunOutcome => ({
    reason,
    exitCode,
    checkIns,
  });
  if (!enrolment) {
    log(`not enrolled: no ${state.path(files.enrolment)}; run "edp-agent enrol" first`);
    return stop('not-enrolled', 2);
  }
  if (state.exists(files.deprecated)) {
    log(
      `device ${enrolment.deviceId} was deprecated in the console: not checking in (enrol again to start afresh)`,
    );
    return stop('deprecated', 4);
  }
  const client = new ProtocolClient(enrolment.url, { connections: 1, timeoutMs: opts.timeoutMs });
  const dispatcher = new Dispatcher(state);
  let interval = clampInterval(enrolment.interval || 30);
  let failures = 0;
  let lastDpi = Date.now();
  log(`engine ${enrolment.deviceId} checking in to ${enrolment.url} every ~${interval} s`);
  // The enrolment's interval is the wait until the first check-in; an engine started long after
  // its enrolment checks in at once, but never within a second of its last check-in (the
  // console refuses check-ins closer than that).
  const lastCheckIn = Date.parse(
    state.readJson<{ lastCheckIn?: string }>(files.status)?.lastCheckIn ?? '',
  );
  const firstAt = Math.max(
    Date.parse(enrolment.enrolledAt) + jittered(interval * second, random),
    Number.isNaN(lastCheckIn) ? 0 : lastCheckIn + 1_000,
  );
  await sleep(Math.max(0, firstAt - Date.now()), opts.signal);
  try {
    while (!opts.signal?.aborted) {
      let delay: number;
      const reported = await engineState(state);
      try {
        const answer = await client.post(checkIn, { state: reported }, enrolment.token);
        const data = ZCheckInAnswer.safeParse(answer.envelope?.data);
        if (answer.envelope?.success && data.success) {
          checkIns++;
          failures = 0;
          interval = clampInterval(data.data.interval);
          state.writeJson(files.status, {
            lastCheckIn: new Date().toISOString(),
            clockOffsetMs: data.data.now - Date.now(),
            interval,
            state: reported,
            pendingAlerts: pendingAlerts(state).length,
          });
          for (const command of data.data.commands) {
            if (opts.signal?.aborted) break;
            const result = await dispatcher.run(command);
            if (result) {
              log(`command ${result.id} ${result.type}: ${result.code} ${result.message}`);
            }
          }
          if (opts.once) return stop('once', 0);
          delay = jittered(interval * second, random);
        } else {
          const code = answer.envelope?.errCode;
          if (code === AgentErr.TokenInvalid) {
            log(
              `stopping: the console refused the device token (${describe(answer)}); enrol again`,
            );
            return stop('token-invalid', 3);
          }
          if (code === AgentErr.DeviceDeprecated) {
            state.writeAtomic(files.deprecated, new Date().toISOString() + '\n');
            log(
              `stopping for good: device ${enrolment.deviceId} was deprecated in the console (${describe(answer)})`,
            );
            return stop('deprecated', 4);
          }
          failures++;
          if (opts.once) {
            log(`check-in refused: ${describe(answer)}`);
            return stop('failed', 1);
          }
          if (answer.status === 429 || code === AgentErr.CheckInTooSoon) {
            // Too many: twice the interval, doubling, at most the cap (or one interval if that
            // is longer), and never less than a Retry-After (HTTP seconds).
            delay = Math.max(
              (answer.retryAfter ?? 0) * 1000,
              backoffMs(
                failures + 1,
                interval * second,
                Math.max(backoff.capMs, interval * second),
                random,
              ),
            );
          } else {
            delay = backoffMs(failures, backoff.baseMs, backoff.capMs, random);
          }
          log(`check-in refused: ${describe(answer)}; retrying in ${(delay / 1000).toFixed(1)} s`);
        }
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        failures++;
        if (opts.once) {
          log(`check-in failed: ${err.message}`);
          return stop('failed', 1);
        }
        delay = backoffMs(failures, backoff.baseMs, backoff.capMs, random);
        log(`check-in failed: ${err.message}; retrying in ${(delay / 1000).toFixed(1)} s`);
      }
      if (dpiEveryMs > 0 && Date.now() - lastDpi >= dpiEveryMs) {
        lastDpi = Date.now();
        for (const r of await verifyAll(state)) {
          const d = r.detail as { path?: string; queued?: number } | undefined;
          if (r.code !== 0 || d?.queued) {
            log(`DPI ${d?.path ?? ''}: ${r.code} ${r.message}; ${d?.queued ?? 0} new alert(s)`);
          }
        }
      }
      await sleep(delay, opts.signal);
    }
    log('stopped');
    return stop('signal', 0);
  } finally {
    client.close();
  }
}
