import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';

/** `node <the engine file> …args`: the command line a customer runs (engine-file.setup.ts). */
export function engineCommand(args: string[]): [string, ...string[]] {
  return [process.execPath, inject('engineFile'), ...args];
}

/** Runs the engine's command line to its end: exit status and output. */
export function runEngineCommand(
  args: string[],
  options: {
    /** Called with the process once started (to signal it, say). */
    onStart?: (child: ChildProcess) => void;
    /** A file-size limit (KiB) for the process, as `ulimit -f` sets it. */
    fileSizeLimit?: number;
  } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const command = engineCommand(args);
    const [file, ...rest] = options.fileSizeLimit
      ? ['bash', '-c', `ulimit -f ${options.fileSizeLimit} && exec "$@"`, 'bash', ...command]
      : command;
    const child = spawn(file!, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    options.onStart?.(child);
  });
}
