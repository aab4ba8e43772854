import fs from 'node:fs';
import { keepConsoleKey, openWindows, takeWindowKey, trustedKeyId } from './windows.ts';
import { learnOnce } from './learning.ts';
import type { EngineKind } from '@edp/shared/constants';
import { AgentErr } from '@edp/shared/errors';
import {
  ZCheckInAnswer,
  ZEnrolAnswer,
  ZResultsAnswer,
  type TEscrowKey,
  type TWindowKeyAnnouncement,
} from '@edp/shared/contracts/agent';
import { checkIn, enrol as enrolCall, sendResults } from '@edp/shared/api/engine/agent.calls';
import type { TEngineIdentity, TEngineState } from '@edp/shared/contracts/engine';
import { ProtocolClient, NetworkError, type Answer } from './client.ts';
import { files, StateDir } from './state-dir.ts';
import {
  ENGINE_VERSION,
  currentIdentity,
  enrolProof,
  gatherIdentity,
  keepEngineKey,
  keptEngineKey,
  newEngineKey,
} from './identity.ts';
import { heldLicence, pinSaid, pinVendorKey } from './licence.ts';
import { listProtected, protectedSummary } from './protected.ts';
import { migrateAlerts, verifyAll } from './dpi.ts';
import { LogOutbox } from './log-outbox.ts';
import { LogSender } from './log-sender.ts';
import { AccessWatcher } from './access.ts';
import { Dispatcher, type Dispatched } from './ops.ts';
import { CommandLanes } from './command-lanes.ts';
import { backoffMs, jittered } from './backoff.ts';
import { Outbox } from './outbox.ts';
import { PushStream } from './push.ts';
import { dataKeys, escrowRound, postKeys } from './escrow.ts';
import { finishRotation } from './tde-rotate.ts';

/** What `enrol` keeps in agent.json (mode 0600: the token is a credential). */
export interface Enrolment {
  url: string;
  deviceId: string;
  token: string;
  interval: number;
  enrolledAt: string;
  /**
   * The console holds this engine's key (issue 34). Absent in an agent.json from before keys:
   * the engine then enrols again at its start, proven by its token, to register one.
   */
  keyed?: boolean;
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
    // The window-signing key it trusts (docs/keys.md "Rotation"): a newer one is announced.
    windowKey: trustedKeyId(state),
    protected: await protectedSummary(state),
    licence: held
      ? {
          code: held.payload.licenseCode,
          serial: held.payload.serial,
          expiresAt: new Date(held.payload.expiresAt),
        }
      : null,
    // Its data keys and their escrow (docs/keys.md "Escrow"): ids only, never a key.
    keys: dataKeys(state),
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
  /** Where what the enrolment did beyond the token is said (the vendor key it kept or refused). */
  log?: Log;
}

/**
 * Enrols this machine with the console and keeps the device id and token in the state dir. The
 * request also proves this engine (issue 34): the console enrols an existing device again only
 * for the engine that holds its key, or its current token.
 */
export async function enrol(opts: EnrolOptions): Promise<Enrolment> {
  // The state directory is made when the console has answered, not before.
  const state = new StateDir(opts.dir);
  const client = new ProtocolClient(opts.url, { connections: 1 });
  try {
    return await enrolAs(
      client,
      state,
      { url: opts.url, secret: opts.secret, identity: gatherIdentity(opts) },
      opts.log ?? defaultLog,
    );
  } finally {
    client.close();
  }
}

/**
 * Proves this engine to the console that refused its token, with its key (and that token, which
 * proves an engine enrolled before keys): no secret, the same device, a new token. Throws a
 * ProtocolError when the console refuses (the answer says why).
 */
export async function reprove(
  state: StateDir,
  enrolment: Enrolment,
  log: Log = defaultLog,
): Promise<Enrolment> {
  const client = new ProtocolClient(enrolment.url, { connections: 1 });
  try {
    // The identity it enrolled with (flags such as --fingerprint included), at this version.
    const identity = { ...currentIdentity(state), version: ENGINE_VERSION };
    return await enrolAs(client, state, { url: enrolment.url, identity }, log);
  } finally {
    client.close();
  }
}

/**
 * One enrolment: the key kept in the state directory (made now at a first enrolment) signs a
 * proof dated by the console's clock as the last check-in measured it; a proof the console finds
 * out of its time window is made again once with the time its refusal gives. The token held
 * goes too, to the console that gave it. What the console answered is kept.
 */
async function enrolAs(
  client: ProtocolClient,
  state: StateDir,
  body: { url: string; secret?: string; identity: TEngineIdentity },
  log: Log,
): Promise<Enrolment> {
  const held = state.readJson<Enrolment>(files.enrolment);
  const key = keptEngineKey(state) ?? newEngineKey();
  const offset = state.readJson<{ clockOffsetMs?: number }>(files.status)?.clockOffsetMs ?? 0;
  const request = {
    ...(body.secret === undefined ? {} : { secret: body.secret }),
    identity: body.identity,
    state: await engineState(state),
    ...(held && held.url === body.url ? { token: held.token } : {}),
  };
  let at = Date.now() + (Number.isFinite(offset) ? offset : 0);
  let answer = await client.post(enrolCall, {
    ...request,
    proof: enrolProof(key, body.identity.fingerprint, at),
  });
  const consoleNow = Date.parse((answer.envelope?.data as { now?: string } | undefined)?.now ?? '');
  if (answer.envelope?.errCode === AgentErr.EnrolProofStale && !Number.isNaN(consoleNow)) {
    at = consoleNow + Math.round(answer.latencyMs / 2);
    answer = await client.post(enrolCall, {
      ...request,
      proof: enrolProof(key, body.identity.fingerprint, at),
    });
  }
  const data = ZEnrolAnswer.safeParse(answer.envelope?.data);
  if (!answer.envelope?.success || !data.success) {
    throw new ProtocolError(
      answer.envelope?.errCode,
      answer.status,
      `enrolment refused: ${describe(answer)}`,
    );
  }
  const enrolment: Enrolment = {
    url: body.url,
    deviceId: data.data.deviceId,
    token: data.data.token,
    interval: data.data.interval,
    enrolledAt: new Date().toISOString(),
    keyed: true,
  };
  // The key first: the console now holds its public half.
  if (!state.exists(files.engineKey)) keepEngineKey(state, key);
  state.writeJson(files.enrolment, enrolment, 0o600);
  state.writeJson(files.identity, body.identity);
  // The console's window key, trusted as the token is: from the enrolment's answer only.
  if (data.data.consoleKey) keepConsoleKey(state, data.data.consoleKey);
  // The vendor's key, pinned at its first use: a later answer never replaces it (licence.ts).
  if (data.data.vendorKey) {
    const said = pinSaid(pinVendorKey(state, data.data.vendorKey));
    if (said) log(said);
  }
  // A new token starts afresh, even after a deprecation.
  fs.rmSync(state.path(files.deprecated), { force: true });
  return enrolment;
}

export { jittered, backoffMs };

const clampInterval = (s: number) => Math.min(86_400, Math.max(1, Math.round(s)));

export type StopReason =
  'once' | 'signal' | 'not-enrolled' | 'token-invalid' | 'deprecated' | 'failed' | 'upgraded';

/** The exit code of an engine that replaced its own file: whoever started it starts it again. */
export const EXIT_UPGRADED = 75;

export interface RunOutcome {
  reason: StopReason;
  /**
   * The process exit code the CLI uses: 0 stopped, 1 --once failed, 2 not enrolled, 3 token
   * refused and not proven again (with --once only: a running engine never stops for it), 4
   * deprecated, 75 upgraded (to be started again on the new file).
   */
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
  /** Hold the push stream (default true; `--no-push` turns it off). */
  push?: boolean;
  /** The push stream's reconnection waits (default 1 s doubling to 60 s). */
  pushBackoff?: { baseMs: number; capMs: number };
  /** The running one-file engine, which `engine.upgrade` replaces (undefined from source). */
  engineFile?: string;
  /**
   * How often windows are checked for their end, learning mode and the access watch look at
   * processes, and the log outbox is looked at for events another process added (5,000 ms).
   */
  windowEveryMs?: number;
  /** Report the accesses to protected folders seen in /proc (default true; `--no-access`). */
  watchAccess?: boolean;
  /** Where the access watch looks (tests give another /proc). */
  procRoot?: string;
}

/**
 * The loop's wait: until its time, or sooner when the push stream asks for a check-in (never
 * before `earliest`: the console refuses check-ins closer than a second), or when stopped.
 */
class Alarm {
  private wake?: () => void;
  /** A nudge not yet served by a check-in. */
  nudged = false;

  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  async sleep(ms: number, earliest: number, signal?: AbortSignal): Promise<void> {
    const end = Date.now() + ms;
    for (;;) {
      if (signal?.aborted) return;
      const now = Date.now();
      const target = this.nudged ? Math.min(end, Math.max(now, earliest)) : end;
      if (target <= now) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, target - now);
        const wake = () => done();
        this.wake = wake;
        signal?.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve();
        }
      });
      this.wake = undefined;
    }
  }
}

/**
 * The engine: checks in every answered interval (±10 %) and whenever the push stream asks,
 * reports its state, runs the commands it is given and sends their results, backs off on network
 * errors and 429, and stops for good on -10102 (device deprecated) only. A refused token
 * (-10101) never stops it (issue 34): it proves itself with its key, else goes on protecting and
 * tries again with back-off (tokenRefused).
 */
export async function runEngine(opts: RunOptions = {}): Promise<RunOutcome> {
  const startedAt = Date.now();
  const log = opts.log ?? defaultLog;
  const random = opts.random ?? Math.random;
  const backoff = opts.backoff ?? { baseMs: 5_000, capMs: 300_000 };
  const dpiEveryMs = (opts.dpiEverySeconds ?? 300) * 1000;
  const second = opts.secondMs ?? 1000;
  const state = new StateDir(opts.dir);
  const kept = state.readJson<Enrolment>(files.enrolment);
  let checkIns = 0;
  const stop = (reason: StopReason, exitCode: number): RunOutcome => ({
    reason,
    exitCode,
    checkIns,
  });
  if (!kept) {
    log(`not enrolled: no ${state.path(files.enrolment)}; run "edp-agent enrol" first`);
    return stop('not-enrolled', 2);
  }
  /** Replaced when the engine proves itself again after a refused token. */
  let enrolment: Enrolment = kept;
  if (state.exists(files.deprecated)) {
    log(
      `device ${enrolment.deviceId} was deprecated in the console: not checking in (enrol again to start afresh)`,
    );
    return stop('deprecated', 4);
  }
  // An agent.json from before keys, or an engine enrolled before enrolment gave the vendor key
  // (issue 35): enrol again now, proven by the token or key, so that the console holds this
  // engine's key before a refused token ever needs it (issue 34) and the engine holds the key
  // licences are checked with. Once a start, never on a check-in: nothing rides on every
  // check-in of every engine for it. Refused or unreachable, it goes on with its token and
  // tries at its next start.
  const unkeyed = !enrolment.keyed;
  if ((unkeyed || !state.exists(files.vendorKey)) && !opts.once) {
    try {
      enrolment = await reprove(state, enrolment, log);
      if (unkeyed)
        log(`this engine's key is registered with the console (device ${enrolment.deviceId})`);
    } catch (err) {
      if (!(err instanceof ProtocolError || err instanceof NetworkError)) throw err;
      log(
        unkeyed
          ? `this engine's key is not registered yet (${err.message}); going on with its token`
          : `no vendor public key yet (${err.message}): licences cannot be installed until an enrolment gives it; going on with its token`,
      );
    }
  }
  const client = new ProtocolClient(enrolment.url, { connections: 1, timeoutMs: opts.timeoutMs });
  const dispatcher = new Dispatcher(state, {
    url: enrolment.url,
    engineFile: opts.engineFile,
    startedAt,
    // tde.rotate escrows its new key at once, with the token held then.
    sendKeys: (keys) => postKeys(client, enrolment.token, keys),
  });
  const outbox = new Outbox(state);
  // Findings queued by an engine from before the log outbox go into it first.
  migrateAlerts(state);
  const logs = new LogOutbox(state);
  let sender = new LogSender(logs, client, enrolment.token, log, opts.signal);
  const access = opts.watchAccess === false ? undefined : new AccessWatcher(opts.procRoot);
  const alarm = new Alarm();
  const pushFor = (token: string) =>
    opts.push === false || opts.once
      ? undefined
      : new PushStream({
          url: enrolment.url,
          token,
          onCheckIn: () => alarm.nudge(),
          // Commands the console writes on the stream run at once, without a check-in (so the
          // one-second floor between check-ins never holds them back); their results go with
          // the results call as any command's do.
          onCommands: ({ now, commands }) => {
            const clockOffsetMs = now - Date.now();
            for (const command of commands) lanes.submit(command, clockOffsetMs);
          },
          log,
          random,
          backoff: opts.pushBackoff,
        });
  let push = pushFor(enrolment.token);
  let interval = clampInterval(enrolment.interval || 30);
  let failures = 0;
  let lastDpi = Date.now();
  /** Set once the console answered the results call with 404 (a console from before it). */
  let resultsCallMissing = false;
  /** A new window-signing key from a check-in's answer (windows.ts); a bad one is said. */
  function windowKeyAnnounced(a: TWindowKeyAnnouncement, consoleNow: number) {
    try {
      const { closed } = takeWindowKey(state, a, consoleNow);
      log(`window-signing key ${a.id} trusted${a.revoke ? ' (the one before revoked)' : ''}`);
      for (const w of closed) log(`${w.kind} window ${w.id} ended: its key was revoked`);
    } catch (err) {
      log(`window-signing key ${a.id} refused: ${(err as Error).message}`);
    }
  }

  /** What was last said of a failed escrow, so that a failure repeated is said once. */
  let escrowSaid = '';

  /**
   * The check-in's answer carried the tenant's escrow key: the data keys not escrowed under it
   * are wrapped to it and sent now (escrow.ts). A failure is said once and tried again at the
   * next check-in, whose answer carries the key again while the state shows them not escrowed.
   */
  async function escrow(key: TEscrowKey): Promise<void> {
    let said: string;
    try {
      const outcome = await escrowRound(state, client, enrolment.token, key);
      if (outcome.kind === 'nothing') return;
      if (outcome.kind === 'done' && outcome.acknowledged.length === outcome.sent) {
        escrowSaid = '';
        log(`data key ${outcome.acknowledged.join(', ')} escrowed under escrow key ${key.id}`);
        return;
      }
      said =
        outcome.kind === 'done'
          ? `the console acknowledged ${outcome.acknowledged.length} of ${outcome.sent} data keys`
          : outcome.kind === 'refused'
            ? `refused: ${describe(outcome.answer)}`
            : outcome.message;
    } catch (err) {
      said = (err as Error).message;
    }
    if (said !== escrowSaid)
      log(`data keys not escrowed (${said}); trying again at the next check-in`);
    escrowSaid = said;
  }
  log(`engine ${enrolment.deviceId} checking in to ${enrolment.url} every ~${interval} s`);

  /** Sends the unacknowledged results now (POST /api/agent/results), batch after batch. */
  async function sendOutbox(): Promise<void> {
    if (resultsCallMissing) return;
    const tried = new Set<string>();
    for (;;) {
      const batch = outbox.batch(tried);
      if (!batch.length) return;
      for (const r of batch) tried.add(r.id);
      try {
        const a = await client.post(sendResults, { results: batch }, enrolment!.token);
        const data = ZResultsAnswer.safeParse(a.envelope?.data);
        if (a.envelope?.success && data.success) {
          outbox.acknowledge(data.data.acknowledged);
          continue;
        }
        if (a.status === 404) {
          resultsCallMissing = true;
          log(
            'the console does not take results between check-ins (HTTP 404): they go with the check-ins',
          );
        } else {
          log(`results refused: ${describe(a)}; they go with the next check-in`);
        }
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        log(`results not sent: ${err.message}; they go with the next check-in`);
      }
      return;
    }
  }

  /** sendOutbox, one at a time: commands end in parallel, and each one's result goes at once. */
  let flushing: Promise<void> | undefined;
  let flushAgain = false;
  function flushResults(): Promise<void> {
    if (flushing) {
      flushAgain = true;
      return flushing;
    }
    flushing = (async () => {
      do {
        flushAgain = false;
        await sendOutbox();
      } while (flushAgain);
    })().finally(() => (flushing = undefined));
    return flushing;
  }

  /** Set when engine.upgrade replaced the engine file: the loop stops once commands are done. */
  let upgradeDone = false;
  /** What a command's result becomes, whenever it ends (the check-in loop does not wait on it). */
  async function commandDone(done: Dispatched): Promise<void> {
    const r = done.result;
    log(
      `command ${r.id} ${r.type}: ${r.code} ${r.message}` +
        (done.repeated ? ' (answered before: its result sent again)' : ''),
    );
    outbox.add(r);
    await flushResults();
    // What the command did (encrypted files, DPI findings) goes now.
    void sender.kick();
    if (done.restart) {
      upgradeDone = true;
      lanes.stop();
      alarm.nudge();
    }
  }
  // Commands run off this loop (command-lanes.ts): a slow one cannot stop the check-ins.
  const lanes = new CommandLanes(dispatcher, commandDone, (err) =>
    log(`command failed: ${(err as Error).message}`),
  );
  let dpiQueued = false;
  // A data-key rotation stopped half way (docs/keys.md "Rotation") goes on at the start.
  lanes.exclusive(async () => {
    const done = await finishRotation(state);
    if (done) log(`data key rotation finished: ${done.code} ${done.message}`);
  });

  /** What was last said of a refused token, so that a long refusal is not a flood of lines. */
  let refusalSaid = '';
  /**
   * The console refused the token (-10101): another engine enrolled as this device, the console
   * was restored from a backup, or the token was replaced. The engine never stops protecting for
   * it (issue 34): TDE, SE, DPI checks, windows and the access watch need no console and go on,
   * and their events wait in the log outbox. It takes a token another process enrolled with
   * meanwhile, else proves itself with its key (reprove), else tries again with back-off and
   * says what the operator can do. Answers the wait before the next check-in (-1: `--once`).
   */
  async function tokenRefused(why: string): Promise<number> {
    const refused = enrolment.token;
    try {
      const written = state.readJson<Enrolment>(files.enrolment);
      enrolment =
        written && written.token !== refused ? written : await reprove(state, enrolment, log);
      log(
        `the console refused the device token (${why}); ` +
          (written === enrolment
            ? 'took the token a new enrolment wrote'
            : 'this engine proved itself with its key and holds a new token') +
          ` for device ${enrolment.deviceId}`,
      );
      refusalSaid = '';
      failures = 0;
      sender = new LogSender(logs, client, enrolment.token, log, opts.signal);
      push?.stop();
      push = pushFor(enrolment.token);
      push?.start();
      earliest = Date.now() + 1_000;
      return 1_000;
    } catch (err) {
      if (!(err instanceof ProtocolError || err instanceof NetworkError)) throw err;
      failures++;
      const delay = backoffMs(failures, backoff.baseMs, backoff.capMs, random);
      earliest = Date.now() + 1_000;
      const said = `${why}; ${err.message}`;
      if (said !== refusalSaid) {
        refusalSaid = said;
        log(
          `PROTECTION GOES ON WITHOUT THE CONSOLE: it refused the device token (${why}) and this ` +
            `engine's proof (${err.message}). Encrypted and write-protected folders, integrity ` +
            `checks and the access watch go on; events wait in ${state.path(files.logs)}. If ` +
            `another machine enrolled as device ${enrolment.deviceId}, look at it in the device ` +
            `centre; if this machine is that device, an administrator allows its re-enrolment ` +
            `there and "edp-agent enrol --secret <secret>" is run here. Trying again with back-off.`,
        );
      } else {
        log(`device token still refused; trying again in ${(delay / 1000).toFixed(1)} s`);
      }
      return opts.once ? -1 : delay;
    }
  }
  async function upgraded(): Promise<RunOutcome> {
    await lanes.idle();
    await flushResults();
    log(`engine file replaced: starting it again (${opts.engineFile})`);
    return stop('upgraded', EXIT_UPGRADED);
  }

  // The enrolment's interval is the wait until the first check-in; an engine started long after
  // its enrolment checks in at once, but never within a second of its last check-in (the
  // console refuses check-ins closer than that).
  const lastCheckIn = Date.parse(
    state.readJson<{ lastCheckIn?: string }>(files.status)?.lastCheckIn ?? '',
  );
  let earliest = Number.isNaN(lastCheckIn) ? 0 : lastCheckIn + 1_000;
  const firstAt = Math.max(
    Date.parse(enrolment.enrolledAt) + jittered(interval * second, random),
    earliest,
  );
  push?.start();
  // Windows end by themselves: a look every few seconds closes what is over and, while learning
  // mode is open, records which programs hold protected files (learning.ts); the access watch
  // records what it sees (access.ts); and events any process added to the log outbox (a
  // `verify --dpi` typed in a shell) are sent.
  let looking = false;
  let logsSeen = '';
  const windowTimer = setInterval(() => {
    if (looking) return;
    looking = true;
    const now = Date.now();
    const { closed } = openWindows(state, now);
    for (const w of closed)
      log(`${w.kind} window ${w.id} ended (${new Date(w.validUntil).toISOString()})`);
    const watch = async () => {
      if (!access) return;
      const folders = [...new Set(listProtected(state).map((p) => p.path))];
      logs.append(access.look(folders));
    };
    Promise.all([
      learnOnce(state, now).catch((err: unknown) =>
        log(`learning mode: look failed: ${(err as Error).message}`),
      ),
      watch().catch((err: unknown) => log(`access watch: look failed: ${(err as Error).message}`)),
    ])
      .then(() => {
        const st = fs.statSync(state.path(files.logs), { throwIfNoEntry: false });
        const mark = st ? `${st.size}:${st.mtimeMs}` : '';
        if (mark !== logsSeen) {
          logsSeen = mark;
          void sender.kick();
        }
      })
      .finally(() => (looking = false));
  }, opts.windowEveryMs ?? 5_000);
  windowTimer.unref();
  await alarm.sleep(Math.max(0, firstAt - Date.now()), earliest, opts.signal);
  try {
    while (!opts.signal?.aborted) {
      if (upgradeDone) return await upgraded();
      let delay: number;
      const reported = await engineState(state);
      const results = outbox.batch();
      // Whatever nudged until now is served by this check-in.
      alarm.nudged = false;
      try {
        const answer = await client.post(checkIn, { state: reported, results }, enrolment.token);
        const answeredAt = Date.now();
        const data = ZCheckInAnswer.safeParse(answer.envelope?.data);
        if (answer.envelope?.success && data.success) {
          checkIns++;
          failures = 0;
          earliest = answeredAt + 1_000;
          interval = clampInterval(data.data.interval);
          const clockOffsetMs = data.data.now - answeredAt;
          const logStatus = logs.status();
          state.writeJson(files.status, {
            lastCheckIn: new Date(answeredAt).toISOString(),
            clockOffsetMs,
            interval,
            state: reported,
            pendingAlerts: logStatus.waitingDpi,
            unacknowledgedResults: outbox.size,
            logs: logStatus,
          });
          if (data.data.acknowledged.length) {
            resultsCallMissing = false;
            outbox.acknowledge(data.data.acknowledged);
          }
          for (const command of data.data.commands) {
            if (opts.signal?.aborted) break;
            lanes.submit(command, clockOffsetMs);
          }
          if (data.data.escrow) await escrow(data.data.escrow);
          if (data.data.windowKey) windowKeyAnnounced(data.data.windowKey, data.data.now);
          // --once: one check-in and its commands.
          if (opts.once) await lanes.idle();
          // More results waiting than one check-in carries: send the rest now.
          const carried = new Set(results.map((r) => r.id));
          if (outbox.ids().some((id) => !carried.has(id))) await flushResults();
          // The log outbox goes at each check-in too: this is what resumes it after a failure.
          await sender.kick(true);
          if (upgradeDone) return await upgraded();
          if (opts.once) return stop('once', 0);
          delay = jittered(interval * second, random);
        } else {
          const code = answer.envelope?.errCode;
          if (code === AgentErr.TokenInvalid) {
            // Never a reason to stop protecting (tokenRefused); the loop goes on below.
            delay = await tokenRefused(describe(answer));
            if (delay < 0) return stop('token-invalid', 3);
          } else {
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
              // A nudge does not cut this wait short.
              earliest = Date.now() + delay;
            } else {
              delay = backoffMs(failures, backoff.baseMs, backoff.capMs, random);
              earliest = answeredAt + 1_000;
            }
            log(
              `check-in refused: ${describe(answer)}; retrying in ${(delay / 1000).toFixed(1)} s`,
            );
          }
        }
      } catch (err) {
        if (!(err instanceof NetworkError)) throw err;
        failures++;
        if (opts.once) {
          log(`check-in failed: ${err.message}`);
          return stop('failed', 1);
        }
        delay = backoffMs(failures, backoff.baseMs, backoff.capMs, random);
        earliest = Date.now() + 1_000;
        log(`check-in failed: ${err.message}; retrying in ${(delay / 1000).toFixed(1)} s`);
      }
      if (dpiEveryMs > 0 && Date.now() - lastDpi >= dpiEveryMs && !dpiQueued) {
        lastDpi = Date.now();
        // In the commands' one-at-a-time lane: it takes the state directory's lock as they do.
        dpiQueued = lanes.exclusive(async () => {
          try {
            for (const r of await verifyAll(state)) {
              const d = r.detail as { path?: string; queued?: number } | undefined;
              if (r.code !== 0 || d?.queued) {
                log(
                  `DPI ${d?.path ?? ''}: ${r.code} ${r.message}; ${d?.queued ?? 0} new finding(s)`,
                );
              }
            }
            void sender.kick();
          } finally {
            dpiQueued = false;
          }
        });
      }
      await alarm.sleep(delay, earliest, opts.signal);
    }
    log('stopped');
    return stop('signal', 0);
  } finally {
    // SIGTERM: no new command starts, the running ones finish and their results go.
    lanes.stop();
    await lanes.idle();
    clearInterval(windowTimer);
    push?.stop();
    await sender.idle();
    client.close();
  }
}
