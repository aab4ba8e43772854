import {
  RESULT_DETAIL_MAX_BYTES,
  ZEngineCommand,
  type TEngineCommand,
} from '@edp/shared/contracts/agent';
import {
  COMMAND_ARGS,
  COMMAND_TYPES as SHARED_COMMAND_TYPES,
} from '@edp/shared/contracts/commands';
import { asResult, Code, EngineError, failed, ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { decryptDir, encryptDir } from './tde.ts';
import { rotateTde, type SendKeys } from './tde-rotate.ts';
import { dropBaseline, resetBaseline, takeBaseline, verifyBaseline } from './dpi.ts';
import { protectSe, unprotectSe } from './se.ts';
import { authoriseProgram, listPrograms, revokeProgram, viewProgram } from './programs.ts';
import { viewFolder } from './view.ts';
import { engineVersion, engineWatch, PROCESS_STARTED_AT } from './info.ts';
import { upgradeEngine, type UpgradeContext } from './upgrade.ts';
import { installLicence, licenceRequestFacts, requireLicence, showLicence } from './licence.ts';
import { resolveTarget } from './target.ts';
import { takeWindow } from './windows.ts';
import { authoriseLearned, learnedPrograms } from './learning.ts';

/**
 * The engine's local operations, each answering an engine code (0 for success). The CLI calls
 * them with paths relative to the working directory; console commands must give absolute paths.
 * The folder is checked first (-3, -26, -18, -24, -25), then the licence: encrypting, baselining
 * and verifying need a valid licence of the right kind (-13, -12, -85); decrypting and dropping
 * a baseline need none, so an expired licence never locks data away.
 */
export const ops = {
  protectTde: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(async () => {
      const target = await resolveTarget(dir, state, { absolute });
      requireLicence(state, 'tde');
      return encryptDir(state, target);
    }),
  unprotectTde: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(() => decryptDir(state, dir, absolute)),
  protectDpi: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(async () => {
      const target = await resolveTarget(dir, state, { absolute });
      requireLicence(state, 'dpi');
      return takeBaseline(state, target);
    }),
  verifyDpi: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(async () => {
      const target = await resolveTarget(dir, state, { absolute });
      requireLicence(state, 'dpi');
      return verifyBaseline(state, target);
    }),
  unprotectDpi: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(() => dropBaseline(state, dir, absolute)),
  resetDpi: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(async () => {
      const target = await resolveTarget(dir, state, { absolute });
      requireLicence(state, 'dpi');
      return resetBaseline(state, target);
    }),
  protectSe: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(() => protectSe(state, dir, absolute)),
  unprotectSe: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(() => unprotectSe(state, dir, absolute)),
  viewFolder: (state: StateDir, dir: unknown, absolute = false) =>
    asResult(() => viewFolder(state, dir, absolute)),
  viewProgram: (state: StateDir, file: unknown, absolute = false) =>
    asResult(() => viewProgram(state, file, absolute)),
  authoriseProgram: (state: StateDir, file: unknown, absolute = false) =>
    asResult(() => authoriseProgram(state, file, absolute)),
  revokeProgram: (state: StateDir, file: unknown, absolute = false) =>
    asResult(() => revokeProgram(state, file, absolute)),
  installLicence: (state: StateDir, file: string, keyFile?: string) =>
    asResult(() => installLicence(state, { file }, { keyFile })),
};

/** Command types the engine understands: every one of the contract (contracts/commands.ts). */
export const COMMAND_TYPES = SHARED_COMMAND_TYPES;

/** A command's result as the engine keeps it (results.jsonl) and sends it (without type and at). */
export interface CommandResult extends OpResult {
  id: string;
  type: string;
  /** When it was answered, ms since the epoch (the engine's clock). */
  at: number;
}

/** The most a result's message may hold (ZCommandResult). */
const MESSAGE_MAX = 500;
/** Results older than this are forgotten: no command lives longer (a task's expiry is at most 30 days). */
export const RESULTS_KEPT_MS = 31 * 86_400_000;

/** The size of a detail as the contract counts it (ZCommandResult's refine). */
const weight = (d: unknown) => (d === undefined ? 0 : JSON.stringify(d).length);

/**
 * A detail within RESULT_DETAIL_MAX_BYTES: the longest list in it is cut (and `truncated` set)
 * until it fits; a detail that cannot be cut so is left out, and the message says so.
 */
export function fitDetail(result: OpResult, max = RESULT_DETAIL_MAX_BYTES): OpResult {
  if (!result.detail || weight(result.detail) <= max) return result;
  const detail: Record<string, unknown> = { ...result.detail };
  for (;;) {
    const longest = Object.entries(detail)
      .filter((e): e is [string, unknown[]] => Array.isArray(e[1]) && e[1].length > 0)
      .sort((a, b) => weight(b[1]) - weight(a[1]))[0];
    if (!longest) break;
    const [key, list] = longest;
    // The most items that fit, by halving.
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (weight({ ...detail, [key]: list.slice(0, mid), truncated: true }) <= max) lo = mid;
      else hi = mid - 1;
    }
    detail[key] = list.slice(0, lo);
    detail.truncated = true;
    if (weight(detail) <= max) return { ...result, detail };
  }
  return {
    code: result.code,
    message: `${result.message} (detail left out: over ${max} bytes)`,
  };
}

export interface DispatcherContext {
  /** The console the engine enrolled with (engine.upgrade downloads from it). */
  url?: string;
  /** The running one-file engine, which engine.upgrade replaces. */
  engineFile?: string;
  /** When this engine started (engine.version, engine.watch). */
  startedAt?: number;
  upgradeTimeoutMs?: number;
  /** Sends wrapped data keys to the console (tde.rotate escrows its new key with it). */
  sendKeys?: SendKeys;
}

export interface Dispatched {
  result: CommandResult;
  /** True when the id had been answered before: the recorded result, not run again. */
  repeated: boolean;
  /** engine.upgrade replaced the engine file: the caller restarts on it. */
  restart?: boolean;
}

/**
 * Runs the console's commands one at a time and records each result in results.jsonl. A command
 * id already answered is not run again: its recorded result is answered again (the console sends
 * a command until a result of it arrives, so a lost answer is recovered). A command whose
 * deadline has passed by the console's clock does not start: it answers -31.
 */
export class Dispatcher {
  private readonly done = new Map<string, CommandResult>();

  constructor(
    private readonly state: StateDir,
    private readonly context: DispatcherContext = {},
  ) {
    const now = Date.now();
    const all = state.readLines<CommandResult>(files.results);
    const kept = all.filter((r) => now - r.at < RESULTS_KEPT_MS);
    for (const r of kept) this.done.set(r.id, r);
    if (kept.length < all.length) {
      state.writeAtomic(files.results, kept.map((r) => JSON.stringify(r) + '\n').join(''));
    }
  }

  /** The result recorded for an id, if it was answered. */
  answered(id: string): CommandResult | undefined {
    return this.done.get(id);
  }

  /**
   * Runs one command (or answers its recorded result again). `consoleNow` is the console's clock
   * now (the engine's plus the offset the last check-in answer gave), for the deadline.
   */
  async run(raw: unknown, consoleNow = Date.now()): Promise<Dispatched | undefined> {
    const parsed = ZEngineCommand.safeParse(raw);
    if (!parsed.success) return undefined;
    const command = parsed.data;
    const held = this.done.get(command.id);
    if (held) return { result: held, repeated: true };
    let restart = false;
    let outcome: OpResult;
    if (command.deadline < consoleNow) {
      outcome = failed(
        Code.TimeOutOfRange,
        `deadline ${new Date(command.deadline).toISOString()} passed by the console's clock ` +
          `(${new Date(consoleNow).toISOString()}): not started`,
      );
    } else {
      const answer = await this.execute(command);
      restart = !!(answer as { replaced?: boolean }).replaced;
      outcome = fitDetail({ code: answer.code, message: answer.message, detail: answer.detail });
    }
    const record: CommandResult = {
      id: command.id,
      type: command.type.slice(0, 100),
      code: outcome.code,
      message: outcome.message.slice(0, MESSAGE_MAX),
      ...(outcome.detail ? { detail: outcome.detail } : {}),
      at: Date.now(),
    };
    this.done.set(command.id, record);
    this.state.appendLines(files.results, [record]);
    return { result: record, repeated: false, restart };
  }

  private execute(c: TEngineCommand): Promise<OpResult & { replaced?: boolean }> {
    const state = this.state;
    const dir = c.args.path;
    const startedAt = this.context.startedAt ?? PROCESS_STARTED_AT;
    switch (c.type) {
      case 'tde.encrypt':
        return ops.protectTde(state, dir, true);
      case 'tde.decrypt':
        return ops.unprotectTde(state, dir, true);
      case 'tde.rotate': {
        const args = COMMAND_ARGS['tde.rotate'].safeParse(c.args);
        if (!args.success) return Promise.resolve(failed(Code.InvalidOption, 'escrow key missing'));
        return asResult(() => rotateTde(state, args.data, this.context.sendKeys));
      }
      case 'se.protect':
        return ops.protectSe(state, dir, true);
      case 'se.unprotect':
        return ops.unprotectSe(state, dir, true);
      case 'dpi.baseline':
        return ops.protectDpi(state, dir, true);
      case 'dpi.verify':
        return ops.verifyDpi(state, dir, true);
      case 'dpi.drop':
        return ops.unprotectDpi(state, dir, true);
      case 'dpi.reset':
        return ops.resetDpi(state, dir, true);
      case 'view.folder':
        return ops.viewFolder(state, dir, true);
      case 'view.program':
        return ops.viewProgram(state, dir, true);
      case 'program.authorise':
        return ops.authoriseProgram(state, dir, true);
      case 'program.revoke':
        return ops.revokeProgram(state, dir, true);
      case 'program.list':
        return asResult(async () => ok({ programs: listPrograms(state) }));
      case 'engine.version':
        return asResult(async () => engineVersion(state, startedAt));
      case 'engine.watch':
        return asResult(() => engineWatch(state, startedAt));
      case 'engine.upgrade': {
        const context: UpgradeContext = {
          url: this.context.url ?? '',
          engineFile: this.context.engineFile,
          timeoutMs: this.context.upgradeTimeoutMs,
        };
        return asResult(() => upgradeEngine(c.args, context));
      }
      case 'licence.install': {
        const text = c.args.certificate;
        // The key is the one configured here, never one sent with the command.
        return asResult(async () => {
          if (typeof text !== 'string') throw new EngineError(Code.LicenceMissing);
          return installLicence(state, { text });
        });
      }
      case 'window.open':
        return asResult(async () => takeWindow(state, c.args.window, 'open'));
      case 'window.adjust':
        return asResult(async () => takeWindow(state, c.args.window, 'adjust'));
      case 'learning.list':
        return asResult(async () => learnedPrograms(state));
      case 'learning.authorise':
        return asResult(() => authoriseLearned(state, c.args.paths));
      case 'licence.request':
        return asResult(async () => licenceRequestFacts(state));
      case 'licence.show':
        return asResult(async () => showLicence(state));
      default:
        return Promise.resolve(failed(Code.UnknownCommand, c.type.slice(0, 100)));
    }
  }
}
