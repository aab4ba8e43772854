import type { TLogBatch, TLogBatchAnswer, TLogEntry } from '@edp/shared/contracts/logs';
import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr } from '@edp/shared/errors';
import { ttlCache } from '../../platform/cache/index.ts';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { logRepository, type LogCursor, type LogPlan } from './log-repository.ts';
import { logSettingsRepository } from './log-settings-repository.ts';
import { compileRules, type Decision, type Rules } from './log-rules.ts';

/** An event stamped later than this past the console's clock is stored at the console's time. */
export const FUTURE_SLACK_MS = 5 * 60_000;
/** Events older than this are past every retention choice: acknowledged, not stored. */
export const OLDEST_KEPT_MS = 400 * 86_400_000;
/**
 * How long a node uses a tenant's rules before reading them again. A change evicts every node's
 * copy at once through the cache bus; this bounds a copy only while the bus is down.
 */
export const RULES_FRESH_MS = 30_000;
/** Tenants whose rules a node holds (the least recently used go first). */
const RULES_TENANTS_MAX = 10_000;
/**
 * Characters the rules may read before the event loop gets a turn: a few milliseconds of
 * matching. A batch of 500 events of 1,024 characters through 100 rules is some 10⁸ of them
 * (linear, log-glob.ts); in slices, every other tenant's calls are served in between.
 */
export const RULES_SLICE_CHARS = 200_000;

/**
 * The rules' decision on each event of a batch, given out in slices of RULES_SLICE_CHARS so that
 * no tenant's rules hold the event loop (issue 34: one batch used to block every tenant for
 * seconds). Counted in characters, not time: the same batch is cut the same way on any machine.
 */
export async function decideAll(entries: readonly TLogEntry[], rules: Rules): Promise<Decision[]> {
  const decisions: Decision[] = [];
  let read = 0;
  for (const e of entries) {
    decisions.push(rules.decide(e));
    read += rules.cost(e);
    if (read >= RULES_SLICE_CHARS) {
      read = 0;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return decisions;
}

export interface LoggingDevice {
  deviceId: string;
  tenantId: string;
}

/**
 * The plan of one batch against the cursor found (docs/logs.md "Ingestion"): what follows the
 * number held is stored, through the tenant's rules, and the cursor moves to its end. A batch
 * that starts beyond the next number stores nothing (an earlier one is still on its way) unless
 * the engine no longer holds what lies between (`held`).
 */
export function planBatch(
  device: LoggingDevice,
  batch: TLogBatch,
  cursor: LogCursor,
  decisions: readonly Decision[],
  now: number,
): LogPlan {
  let held = cursor.stream === batch.stream ? cursor.acked : 0;
  if (batch.held - 1 > held) held = batch.held - 1;
  const plan: LogPlan = {
    stream: batch.stream,
    acked: held,
    access: [],
    monitor: [],
    alerts: [],
    span: null,
  };
  const first = batch.entries[0]!.seq;
  if (first > held + 1) return plan;
  const base = { tenantId: device.tenantId, deviceId: device.deviceId, groupId: cursor.groupId };
  for (const [i, e] of batch.entries.entries()) {
    if (e.seq <= held) continue;
    plan.acked = e.seq;
    const t = e.at.getTime();
    if (t < now - OLDEST_KEPT_MS) continue;
    const at = t > now + FUTURE_SLACK_MS ? new Date(now) : e.at;
    const d = decisions[i]!;
    if (!d.keep) continue;
    if (!plan.span || at < plan.span.from) plan.span = { from: at, to: plan.span?.to ?? at };
    if (at > plan.span.to) plan.span.to = at;
    const row = { ...base, seq: e.seq, at };
    if (e.kind === 'access') {
      const { operation, outcome, program, user, path } = e;
      plan.access.push({ ...row, operation, outcome, program, userName: user, path });
    } else {
      const sha256 = e.kind === 'dpi' ? (e.sha256 ?? '') : '';
      plan.monitor.push({ ...row, kind: e.kind, change: e.change, path: e.path, sha256 });
    }
    if (d.alert) {
      // The alert copies its event: an access's operation, outcome, program and user; a
      // monitoring event's change and hash.
      const copied =
        e.kind === 'access'
          ? { action: e.operation, outcome: e.outcome, program: e.program, userName: e.user }
          : { action: e.change, sha256: e.kind === 'dpi' ? (e.sha256 ?? '') : '' };
      plan.alerts.push({ ...base, at, kind: e.kind, path: e.path, ...d.alert, ...copied });
    }
  }
  return plan;
}

/**
 * The console's end of POST /api/agent/logs: each batch through its tenant's filtering rules
 * into the logs and alerts, stored once (docs/logs.md). The rules are read at most every
 * RULES_FRESH_MS per tenant, and at once on every node after a change (the cache bus).
 */
export function logIngest(deps: Pick<Platform, 'db' | 'clock' | 'bus'>) {
  const { db, clock } = deps;
  const repo = logRepository(db);
  const settings = logSettingsRepository(db);
  const rules = ttlCache<string, { compiled: Rules; text: string }>({
    max: RULES_TENANTS_MAX,
    ttlMs: RULES_FRESH_MS,
    now: clock,
  });
  const changedEverywhere = deps.bus.channel('log-rules', (tenantId) => rules.delete(tenantId));
  /** The last rules compiled per tenant: read again unchanged, they are not compiled again. */
  const lastCompiled = new Map<string, { compiled: Rules; text: string }>();

  async function rulesOf(tenantId: string) {
    const held = await rules.load(tenantId, async () => {
      const read = (await settings.get(tenantId)).rules;
      // Compiled again only when they changed: a hundred long globs take RE2 a few hundred ms.
      const text = JSON.stringify(read);
      const last = lastCompiled.get(tenantId);
      const fresh = last?.text === text ? last : { compiled: compileRules(read), text };
      lastCompiled.set(tenantId, fresh);
      return fresh;
    });
    return held!.compiled;
  }

  return {
    async append(device: LoggingDevice, batch: TLogBatch): Promise<TLogBatchAnswer> {
      const first = batch.entries[0]!.seq;
      if (batch.entries.some((e, i) => e.seq !== first + i))
        throw new AppError(CommonErr.Invalid, {
          field: 'body.entries',
          detail: rule('inSequence'),
        });
      // Decided before the transaction: its cursor lock is not held while the rules run.
      const decisions = await decideAll(batch.entries, await rulesOf(device.tenantId));
      const now = clock();
      const acked = await repo.append(device.deviceId, (cursor) =>
        planBatch(device, batch, cursor, decisions, now),
      );
      return { acked };
    },

    /** A tenant's rules were just changed: every node reads them again at its next batch. */
    rulesChanged(tenantId: string) {
      changedEverywhere(tenantId);
    },
  };
}
export type LogIngest = ReturnType<typeof logIngest>;
