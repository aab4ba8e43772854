import type { TDeviceActivityDetail } from '@edp/shared/contracts/devices';
import { peekWindow } from '@edp/shared/window/console-window';
import type { CommandsEnded } from '../../engines/index.ts';
import type { ActivityEntry } from './device-activity-repository.ts';

type MovedCommand = CommandsEnded['commands'][number];

/**
 * The command types whose end is part of a device's story: each changes what the engine
 * protects, holds or runs. Reads (view.*, *.list, *.show, engine.version, engine.watch, the
 * licence request, dpi.verify) change nothing and are the command history's, not the device's.
 * `window.adjust` is told by the elevation service itself, with who adjusted.
 */
const CHANGES_DEVICE = new Set([
  'tde.encrypt',
  'tde.decrypt',
  'se.protect',
  'se.unprotect',
  'dpi.baseline',
  'dpi.drop',
  'dpi.reset',
  'engine.upgrade',
  'licence.install',
  'program.authorise',
  'program.revoke',
  'learning.authorise',
  'window.open',
]);

type Ended = 'finished' | 'failed' | 'timeout';
const isEnded = (s: string): s is Ended => s === 'finished' || s === 'failed' || s === 'timeout';

/** What a command acted on, as its arguments name it: a folder or program, a version. */
function targetOf(args: Record<string, unknown>): { target: string; more?: number } {
  if (typeof args.path === 'string') return { target: args.path };
  if (typeof args.version === 'string') return { target: args.version };
  if (Array.isArray(args.paths) && typeof args.paths[0] === 'string')
    return args.paths.length > 1
      ? { target: args.paths[0], more: args.paths.length - 1 }
      : { target: args.paths[0] };
  return { target: '' };
}

/** A window the console signed (its own text, read back for its id, kind and end). */
function windowEntry(c: MovedCommand, state: Ended): TDeviceActivityDetail | undefined {
  const w = peekWindow(c.args.window);
  if (!w) return undefined;
  const started = state === 'finished';
  return {
    window: {
      request: w.id,
      kind: w.kind,
      step: started ? 'started' : 'notStarted',
      ...(started ? { until: new Date(w.validUntil).toISOString() } : { code: c.code }),
    },
  };
}

/**
 * The activity entries of commands that ended and of the licences they installed: a command
 * that changes the device, by the account that sent it; a licence installed, by the account
 * that sent the certificate (its command's entry would say it twice: only a licence that was
 * not installed is a command entry); a window the engine took or did not, by the engine.
 */
export function endedEntries(e: CommandsEnded): {
  entries: ActivityEntry[];
  /** Windows that did not open: their end written ahead is dropped. */
  unopened: { deviceId: string; request: string }[];
} {
  const entries: ActivityEntry[] = [];
  const unopened: { deviceId: string; request: string }[] = [];
  const installedBy = new Map<string, string>();
  for (const c of e.commands) {
    const state = c.state;
    if (!CHANGES_DEVICE.has(c.type) || !isEnded(state)) continue;
    const base = { tenantId: c.tenantId, deviceId: c.deviceId, at: e.at };
    if (c.type === 'licence.install' && state === 'finished') {
      installedBy.set(c.deviceId, c.createdBy);
      continue;
    }
    if (c.type === 'window.open') {
      const detail = windowEntry(c, state);
      if (!detail) continue;
      entries.push({ ...base, kind: 'window', actor: null, detail });
      if (detail.window!.step === 'notStarted')
        unopened.push({ deviceId: c.deviceId, request: detail.window!.request });
      continue;
    }
    entries.push({
      ...base,
      kind: 'command',
      actor: { userId: null, account: c.createdBy },
      detail: {
        command: {
          type: c.type,
          state,
          code: c.code,
          ...targetOf(c.args),
          taskId: c.taskId,
        },
      },
    });
  }
  for (const l of e.licences) {
    const by = installedBy.get(l.deviceId);
    entries.push({
      tenantId: l.tenantId,
      deviceId: l.deviceId,
      at: e.at,
      kind: 'licence',
      actor: by ? { userId: null, account: by } : null,
      detail: {
        licence: l.licence,
        previous: l.previous && {
          serial: l.previous.serial,
          expiresAt: l.previous.expiresAt,
          ...(l.previous.code ? { code: l.previous.code } : {}),
        },
      },
    });
  }
  return { entries, unopened };
}
