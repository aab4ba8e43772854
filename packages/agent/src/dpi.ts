import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files as stateFiles, type StateDir } from './state-dir.ts';
import { listFiles, resolveTarget } from './target.ts';
import { addProtected, isProtected, listProtected, removeProtected } from './protected.ts';

/**
 * Data and program integrity (DPI): a SHA-256 baseline of a folder, and verification against
 * it. Findings are queued in alerts.jsonl until the console takes them (the next issue).
 */
export interface Baseline {
  path: string;
  takenAt: number;
  files: Record<string, { sha256: string; size: number }>;
}

export type Change = 'altered' | 'added' | 'deleted';

export interface DpiAlert {
  at: number;
  path: string;
  file: string;
  change: Change;
  /** SHA-256 now (absent for a deleted file). */
  sha256?: string;
}

export interface Findings {
  altered: string[];
  added: string[];
  deleted: string[];
}

const baselineName = (dir: string) =>
  path.join(stateFiles.dpi, createHash('sha256').update(dir).digest('hex').slice(0, 24) + '.json');

export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    await pipeline(fs.createReadStream(file), async function (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        hash.update(chunk);
      }
    });
  } catch (err) {
    throw new EngineError(Code.HashFailure, `${file}: ${(err as Error).message}`);
  }
  return { sha256: hash.digest('hex'), size };
}

async function snapshot(dir: string): Promise<Baseline['files']> {
  const out: Baseline['files'] = {};
  for (const rel of await listFiles(dir)) out[rel] = await hashFile(path.join(dir, rel));
  return out;
}

export function readBaseline(state: StateDir, dir: string): Baseline | undefined {
  return state.readJson<Baseline>(baselineName(dir));
}

/** Takes the baseline of a folder: -20 when it is already monitored. */
export async function takeBaseline(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    if (isProtected(state, dir, 'dpi') && readBaseline(state, dir)) {
      throw new EngineError(Code.AlreadyMonitored, dir);
    }
    const baseline: Baseline = { path: dir, takenAt: Date.now(), files: await snapshot(dir) };
    state.writeJson(baselineName(dir), baseline);
    addProtected(state, dir, 'dpi');
    return ok({ path: dir, files: Object.keys(baseline.files).length });
  });
}

/** Stops monitoring a folder and forgets its baseline: -19 when it was not monitored. */
export async function dropBaseline(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  if (!isProtected(state, dir, 'dpi')) throw new EngineError(Code.NotMonitored, dir);
  fs.rmSync(state.path(baselineName(dir)), { force: true });
  removeProtected(state, dir, 'dpi');
  return ok({ path: dir });
}

/**
 * Accepts a monitored folder as it is now: a new baseline, and the folder's pending alterations
 * cleared from the queue. -19 when it is not monitored.
 */
export async function resetBaseline(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    if (!isProtected(state, dir, 'dpi') || !readBaseline(state, dir)) {
      throw new EngineError(Code.NotMonitored, dir);
    }
    const baseline: Baseline = { path: dir, takenAt: Date.now(), files: await snapshot(dir) };
    state.writeJson(baselineName(dir), baseline);
    const alerts = pendingAlerts(state);
    const kept = alerts.filter((a) => a.path !== dir);
    if (kept.length !== alerts.length) {
      state.writeAtomic(stateFiles.alerts, kept.map((a) => JSON.stringify(a) + '\n').join(''));
    }
    return ok({
      path: dir,
      files: Object.keys(baseline.files).length,
      cleared: alerts.length - kept.length,
    });
  });
}

/** Compares a folder with its baseline; new findings are queued as alerts. -19 without one. */
export async function verifyBaseline(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  const baseline = readBaseline(state, dir);
  if (!baseline || !isProtected(state, dir, 'dpi')) throw new EngineError(Code.NotMonitored, dir);
  const now = await snapshot(dir);
  const findings: Findings = { altered: [], added: [], deleted: [] };
  for (const [rel, cur] of Object.entries(now)) {
    const was = baseline.files[rel];
    if (!was) findings.added.push(rel);
    else if (was.sha256 !== cur.sha256) findings.altered.push(rel);
  }
  for (const rel of Object.keys(baseline.files)) if (!now[rel]) findings.deleted.push(rel);
  const queued = queueAlerts(state, dir, findings, now);
  return ok({ path: dir, ...findings, queued });
}

/** Appends the findings not already waiting in the queue (same file, change and content). */
function queueAlerts(
  state: StateDir,
  dir: string,
  findings: Findings,
  now: Baseline['files'],
): number {
  const key = (a: Pick<DpiAlert, 'path' | 'file' | 'change' | 'sha256'>) =>
    `${a.path}\0${a.file}\0${a.change}\0${a.sha256 ?? ''}`;
  const waiting = new Set(pendingAlerts(state).map(key));
  const at = Date.now();
  const fresh: DpiAlert[] = [];
  for (const change of ['altered', 'added', 'deleted'] as const) {
    for (const file of findings[change]) {
      const alert: DpiAlert = { at, path: dir, file, change, sha256: now[file]?.sha256 };
      if (!waiting.has(key(alert))) fresh.push(alert);
    }
  }
  state.appendLines(stateFiles.alerts, fresh);
  return fresh.length;
}

export function pendingAlerts(state: StateDir): DpiAlert[] {
  return state.readLines<DpiAlert>(stateFiles.alerts);
}

/** Verifies every monitored folder (the running engine does this periodically). */
export async function verifyAll(state: StateDir): Promise<OpResult[]> {
  const out: OpResult[] = [];
  for (const e of listProtected(state).filter((p) => p.mode === 'dpi')) {
    try {
      out.push(await verifyBaseline(state, e.path));
    } catch (err) {
      out.push({
        code: err instanceof EngineError ? err.code : Code.Generic,
        message: String(err),
      });
    }
  }
  return out;
}
