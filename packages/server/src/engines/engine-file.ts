import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ENGINE_FILE_NAME } from '@edp/shared/engine-commands';
import type { TEngineFile } from '@edp/shared/contracts/agent';
import { AgentErr } from '@edp/shared/errors';
import { AppError } from '../platform/errors/index.ts';

/**
 * Where `npm run build` puts the reference engine (packages/agent/build.mjs):
 * packages/agent/dist/edp-agent.mjs, seen from src/engines (tests, dev) or from the server's
 * dist/ (the bundle), as the web app's folder is found (platform/http/web.ts).
 */
export function defaultEngineFile(): string {
  const here = import.meta.dirname;
  const candidates = [
    path.resolve(here, '../../agent/dist', ENGINE_FILE_NAME),
    path.resolve(here, '../../../agent/dist', ENGINE_FILE_NAME),
  ];
  return candidates.find((file) => fs.existsSync(file)) ?? candidates[1]!;
}

export interface EngineFile extends TEngineFile {
  bytes: Buffer;
  /** The engine's version, from the marker its build writes on the first line; '' without. */
  version: string;
}

/** `// edp-agent-version: 1.2.3` on the file's first line (packages/agent/build.mjs). */
const VERSION_MARK = /^(?:#![^\n]*\n)?\/\/ edp-agent-version: ([\w.+-]{1,64})/;

/**
 * The engine file the console serves (GET /api/agent/engine): read and hashed once, and again
 * when the file on disk changes (a rebuild while the server runs). About 850 KB in memory.
 * A missing file answers -10105 (404): this server was not built.
 */
export function engineFileStore(file: string) {
  let held: { key: string; file: EngineFile } | undefined;
  return {
    async current(): Promise<EngineFile> {
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) throw new AppError(AgentErr.EngineNotBuilt);
      const key = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
      if (held?.key === key) return held.file;
      const bytes = await fs.promises.readFile(file).catch(() => undefined);
      if (!bytes) throw new AppError(AgentErr.EngineNotBuilt);
      held = {
        key,
        file: {
          fileName: ENGINE_FILE_NAME,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          builtAt: stat.mtime.toISOString(),
          bytes,
          version: VERSION_MARK.exec(bytes.subarray(0, 512).toString('utf8'))?.[1] ?? '',
        },
      };
      return held.file;
    },
  };
}
export type EngineFileStore = ReturnType<typeof engineFileStore>;
