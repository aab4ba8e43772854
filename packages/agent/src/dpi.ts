import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { Code, EngineError, ok, type OpResult } from './codes.ts';
import { files as stateFiles, type StateDir } from './state-dir.ts';
import { listFiles, resolveTarget } from './target.ts';
import { addProtected, isProtected, listProtected, removeProtected } from './protected.ts';
import { LogOutbox, type LogEvent } from './log-outbox.ts';
import { hashRegularFile } from './file-hash.ts';

/**
 * Data and program integrity (DPI): a SHA-256 baseline of a folder, and verification against
 * it. Each new finding becomes a `dpi` event of the log outbox (log-outbox.ts), which the running
 * engine sends to the console.
 */
export interface Baseline {
  path: string;
  takenAt: number;
  files: Record<string, { sha256: string; size: number }>;
  /**
   * The findings already reported against this baseline, by file: the same finding is reported
   * once however often the folder is verified; a further change of the file is reported again.
   */
  reported?: Record<string, { change: Change; sha256?: string }>;
}

export type Change = 'altered' | 'added' | 'deleted';

/** A line of alerts.jsonl, where engines before the log outbox queued their findings. */
interface DpiAlert {
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

/**
 * A data file's SHA-256 and size, for a baseline and its checks: a regular file only, opened
 * without blocking and without following a link (file-hash.ts), so a file swapped for a FIFO or
 * a link between the listing and the read is refused instead of hanging the engine or reading
 * outside the folder. No size or time limit: data files may be large, and a baseline is a task
 * nobody waits on.
 */
export async function hashFile(file: string): Promise<{ sha256: string; size: number }> {
  const { sha256, size } = await hashRegularFile(file);
  return { sha256, size };
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
    migrateAlerts(state);
    const before = readBaseline(state, dir);
    const baseline: Baseline = { path: dir, takenAt: Date.now(), files: await snapshot(dir) };
    state.writeJson(baselineName(dir), baseline);
    // Findings already sent stay in the console's log (they happened); what the reset clears
    // is the record of them: the folder as it is now has nothing to report.
    return ok({
      path: dir,
      files: Object.keys(baseline.files).length,
      cleared: Object.keys(before?.reported ?? {}).length,
    });
  });
}

/**
 * Compares a folder with its baseline; each finding not reported before becomes a `dpi` event
 * (`queued` counts them). -19 without a baseline. Holds the state directory's lock, so two
 * verifications of one folder never report a finding twice.
 */
export async function verifyBaseline(state: StateDir, input: unknown, absolute = false) {
  const dir = await resolveTarget(input, state, { absolute });
  return state.withLock(async (): Promise<OpResult> => {
    migrateAlerts(state);
    const baseline = readBaseline(state, dir);
    if (!baseline || !isProtected(state, dir, 'dpi')) {
      throw new EngineError(Code.NotMonitored, dir);
    }
    const now = await snapshot(dir);
    const findings: Findings = { altered: [], added: [], deleted: [] };
    for (const [rel, cur] of Object.entries(now)) {
      const was = baseline.files[rel];
      if (!was) findings.added.push(rel);
      else if (was.sha256 !== cur.sha256) findings.altered.push(rel);
    }
    for (const rel of Object.keys(baseline.files)) if (!now[rel]) findings.deleted.push(rel);
    const queued = report(state, baseline, findings, now);
    return ok({ path: dir, ...findings, queued });
  });
}

/** Records the findings not reported before as events; answers how many. */
function report(
  state: StateDir,
  baseline: Baseline,
  findings: Findings,
  now: Baseline['files'],
): number {
  const reported = { ...baseline.reported };
  const found = new Set<string>();
  const events: LogEvent[] = [];
  const at = Date.now();
  for (const change of ['altered', 'added', 'deleted'] as const) {
    for (const rel of findings[change]) {
      found.add(rel);
      const sha256 = now[rel]?.sha256;
      const was = reported[rel];
      if (was && was.change === change && was.sha256 === sha256) continue;
      reported[rel] = sha256 ? { change, sha256 } : { change };
      const file = path.join(baseline.path, rel);
      events.push({ kind: 'dpi', change, path: file, ...(sha256 ? { sha256 } : {}), at });
    }
  }
  // A file back as the baseline has it: a later change of it is a new finding.
  for (const rel of Object.keys(reported)) if (!found.has(rel)) delete reported[rel];
  const same = JSON.stringify(reported) === JSON.stringify(baseline.reported ?? {});
  // The events first: a crash in between reports a finding twice rather than never.
  new LogOutbox(state).append(events);
  if (!same) state.writeJson(baselineName(baseline.path), { ...baseline, reported });
  return events.length;
}

/**
 * Moves the findings an engine from before the log outbox queued in alerts.jsonl into it (they
 * were never sent anywhere), records them as reported in their baselines, and removes the file.
 */
export function migrateAlerts(state: StateDir): number {
  if (!state.exists(stateFiles.alerts)) return 0;
  const alerts = state.readLines<DpiAlert>(stateFiles.alerts);
  new LogOutbox(state).append(
    alerts.map((a) => ({
      kind: 'dpi' as const,
      change: a.change,
      path: path.join(a.path, a.file),
      ...(a.sha256 ? { sha256: a.sha256 } : {}),
      at: a.at,
    })),
  );
  for (const dir of new Set(alerts.map((a) => a.path))) {
    const baseline = readBaseline(state, dir);
    if (!baseline) continue;
    const reported = { ...baseline.reported };
    for (const a of alerts.filter((x) => x.path === dir)) {
      reported[a.file] = a.sha256 ? { change: a.change, sha256: a.sha256 } : { change: a.change };
    }
    state.writeJson(baselineName(dir), { ...baseline, reported });
  }
  fs.rmSync(state.path(stateFiles.alerts), { force: true });
  return alerts.length;
}

/** DPI events the console does not hold yet (`status`, `engine.watch`). */
export function pendingDpiEvents(state: StateDir): number {
  return new LogOutbox(state).status().waitingDpi;
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
