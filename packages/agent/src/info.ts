import { ENGINE_VERSION } from './identity.ts';
import { ok, type OpResult } from './codes.ts';
import { files, type StateDir } from './state-dir.ts';
import type { TEngineIdentity } from '@edp/shared/contracts/engine';
import { protectedSummary } from './protected.ts';
import { pendingDpiEvents } from './dpi.ts';
import { listPrograms } from './programs.ts';
import { openWindows, windowState } from './windows.ts';

/** When this process started (the engine's `startedAt` and uptime). */
export const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

/** `engine.version`: version, kind, Node, platform, architecture, start time. */
export function engineVersion(state: StateDir, startedAt = PROCESS_STARTED_AT): OpResult {
  return ok({
    version: ENGINE_VERSION,
    kind: state.readJson<TEngineIdentity>(files.identity)?.kind ?? 'TDE',
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    startedAt: new Date(startedAt).toISOString(),
  });
}

/** `engine.watch`: the engine's live state. */
export async function engineWatch(
  state: StateDir,
  startedAt = PROCESS_STARTED_AT,
): Promise<OpResult> {
  const now = Date.now();
  return ok({
    at: new Date(now).toISOString(),
    uptimeS: Math.max(0, Math.round((now - startedAt) / 1000)),
    lastCheckIn: state.readJson<{ lastCheckIn?: string }>(files.status)?.lastCheckIn ?? null,
    // DPI findings the console does not hold yet (the log outbox).
    pendingAlerts: pendingDpiEvents(state),
    protected: await protectedSummary(state),
    programs: listPrograms(state).length,
    windows: openWindows(state, now).open.map(windowState),
  });
}
