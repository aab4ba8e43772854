import type { DeviceStatus, Presence } from '@edp/shared/contracts/engine';
import { DEVICE_TYPE_RANGE, type EngineKind } from '@edp/shared/constants';
import { answerCache, type CacheBus } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { deviceRepository } from './device-repository.ts';

interface AggregateRow {
  groupId: string;
  kind: EngineKind;
  type: number;
  presence: string;
  n: number;
}

/**
 * How long a tenant's device aggregate is kept. Presence changes with time alone, so the
 * counters may lag it by this much; any change to the tenant's devices evicts it at once.
 */
export const COUNTS_TTL_MS = 10_000;
/** How long a node keeps a device list page as sent (a change evicts it at once). */
export const DEVICE_PAGE_MS = 5_000;

export interface CountFilter {
  groupIds: string[] | null;
  kind?: EngineKind | undefined;
  type?: number | undefined;
  presence?: Presence | undefined;
}

/**
 * The type counters, presence figures and list totals, summed from one aggregate per tenant
 * and status (devices per group, kind, type and presence) kept for COUNTS_TTL_MS: a list request
 * does not count 100,000 devices again (docs/engines.md "Counters"). List pages are kept as
 * sent for DEVICE_PAGE_MS, as the console's other lists are. Any change to the tenant's devices
 * (an enrolment, a changed state, a console action) evicts both, on every node.
 */
export function deviceCounts({ db, bus, clock }: { db: Db; bus: CacheBus; clock: () => number }) {
  const repo = deviceRepository(db);
  const cache = new Map<string, { at: number; rows: Promise<AggregateRow[]> }>();
  const pages = answerCache({ max: 2_000, ttlMs: DEVICE_PAGE_MS, now: clock });
  const evictHere = (tenantId: string) => {
    cache.delete(`${tenantId}:running`);
    cache.delete(`${tenantId}:deprecated`);
    pages.changed(tenantId);
  };
  const evict = bus.channel('device-counts', evictHere);

  async function rows(tenantId: string, status: DeviceStatus): Promise<AggregateRow[]> {
    const key = `${tenantId}:${status}`;
    const now = clock();
    const hit = cache.get(key);
    if (hit && now - hit.at < COUNTS_TTL_MS) return hit.rows;
    const loading = repo.aggregate(tenantId, status, now) as Promise<AggregateRow[]>;
    cache.set(key, { at: now, rows: loading });
    loading.catch(() => cache.delete(key));
    return loading;
  }

  return {
    changed: evict,

    /** List pages and the overview as sent (console/http/send-list.ts), per tenant. */
    pages,

    /** Counters by type (within the groups), devices online, and the total the filter matches. */
    async summary(tenantId: string, status: DeviceStatus, f: CountFilter) {
      const groups = f.groupIds ? new Set(f.groupIds) : null;
      const counts: Record<string, number> = Object.fromEntries(
        DEVICE_TYPE_RANGE.map((t) => [String(t), 0]),
      );
      const byPresence: Record<string, number> = { online: 0, offline: 0, never: 0 };
      const byKind: Record<string, number> = {};
      let total = 0;
      let all = 0;
      for (const r of await rows(tenantId, status)) {
        if (groups && !groups.has(r.groupId)) continue;
        counts[String(r.type)] = (counts[String(r.type)] ?? 0) + r.n;
        byPresence[r.presence] = (byPresence[r.presence] ?? 0) + r.n;
        byKind[r.kind] = (byKind[r.kind] ?? 0) + r.n;
        all += r.n;
        if (f.kind && r.kind !== f.kind) continue;
        if (f.type !== undefined && r.type !== f.type) continue;
        if (f.presence && r.presence !== f.presence) continue;
        total += r.n;
      }
      return { counts, byPresence, byKind, online: byPresence.online ?? 0, total, all };
    },
  };
}
export type DeviceCounts = ReturnType<typeof deviceCounts>;
