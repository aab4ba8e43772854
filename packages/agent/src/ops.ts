import { ZEngineCommand, type TEngineCommand } from '@edp/shared/contracts/agent';
import { asResult, Code, EngineError, failed, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import { decryptDir, encryptDir } from './tde.ts';
import { dropBaseline, takeBaseline, verifyBaseline } from './dpi.ts';
import { installLicence, requireLicence } from './licence.ts';
import { resolveTarget } from './target.ts';

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
  installLicence: (state: StateDir, file: string, keyFile?: string) =>
    asResult(() => installLicence(state, { file }, { keyFile })),
};

/** Command types the engine understands (the console side comes with the next issue). */
export const COMMAND_TYPES = [
  'tde.encrypt',
  'tde.decrypt',
  'dpi.baseline',
  'dpi.verify',
  'dpi.drop',
  'licence.install',
] as const;

export interface CommandResult extends OpResult {
  id: string;
  type: string;
  at: number;
}

/**
 * Runs the console's commands one at a time and records each result in results.jsonl. A command
 * id already answered is not run again (an answer lost on the way back makes the console send
 * the command once more).
 */
export class Dispatcher {
  private readonly done = new Set<string>();

  constructor(private readonly state: StateDir) {
    for (const r of state.readLines<CommandResult>(files.results)) this.done.add(r.id);
  }

  async run(raw: unknown): Promise<CommandResult | undefined> {
    const parsed = ZEngineCommand.safeParse(raw);
    if (!parsed.success) return undefined;
    const command = parsed.data;
    if (this.done.has(command.id)) return undefined;
    const result = { ...(await this.execute(command)), id: command.id, type: command.type };
    const record: CommandResult = { ...result, at: Date.now() };
    this.done.add(command.id);
    this.state.appendLines(files.results, [record]);
    return record;
  }

  private execute(c: TEngineCommand): Promise<OpResult> {
    const dir = c.args.path;
    switch (c.type) {
      case 'tde.encrypt':
        return ops.protectTde(this.state, dir, true);
      case 'tde.decrypt':
        return ops.unprotectTde(this.state, dir, true);
      case 'dpi.baseline':
        return ops.protectDpi(this.state, dir, true);
      case 'dpi.verify':
        return ops.verifyDpi(this.state, dir, true);
      case 'dpi.drop':
        return ops.unprotectDpi(this.state, dir, true);
      case 'licence.install': {
        const text = c.args.certificate;
        // The key is the one configured here, never one sent with the command.
        return asResult(async () => {
          if (typeof text !== 'string') throw new EngineError(Code.LicenceMissing);
          return installLicence(this.state, { text });
        });
      }
      default:
        return Promise.resolve(failed(Code.UnknownCommand, c.type.slice(0, 100)));
    }
  }
}
