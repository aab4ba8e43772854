import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { EXIT_UPGRADED } from './engine.ts';

/**
 * Coming back on a new engine file after `engine.upgrade`. Node 20 cannot replace its own
 * process image (no exec), and a process that starts its successor and exits would be stopped
 * with it by systemd (the unit's processes go when its main process does). So the first engine
 * process, once its file is replaced, stays as a small supervisor: it runs the file again with
 * the same arguments (`node [node options] <file> run …`), passes SIGTERM and SIGINT on, starts
 * it again each time it exits with 75 (upgraded again), and exits with its code otherwise.
 */
export const SUPERVISED_ENV = 'EDP_AGENT_SUPERVISED';

export const isSupervised = () => process.env[SUPERVISED_ENV] === '1';

export async function superviseRestarts(log: (line: string) => void): Promise<number> {
  let child: ChildProcess | undefined;
  let stopping: NodeJS.Signals | undefined;
  const forward = (signal: NodeJS.Signals) => {
    if (stopping && signal === stopping) {
      // Asked twice: stop now.
      child?.kill('SIGKILL');
      return;
    }
    stopping = signal;
    child?.kill(signal);
  };
  process.on('SIGTERM', forward);
  process.on('SIGINT', forward);
  try {
    for (;;) {
      child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
        stdio: 'inherit',
        env: { ...process.env, [SUPERVISED_ENV]: '1' },
      });
      const code = await new Promise<number>((resolve) => {
        child!.once('error', (err) => {
          log(`cannot start the engine again: ${err.message}`);
          resolve(1);
        });
        child!.once('exit', (c, signal) =>
          resolve(c ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0)),
        );
      });
      if (code !== EXIT_UPGRADED || stopping) return code;
      log('engine file replaced again: starting it');
    }
  } finally {
    process.off('SIGTERM', forward);
    process.off('SIGINT', forward);
  }
}
