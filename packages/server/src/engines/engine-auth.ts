import type { CacheBus } from '../platform/cache/index.ts';
import type { DeviceAuth, EngineEvents } from './engine-events.ts';

const TENANT = 'tenant:';
const BULK = 200;
/** Tokens read in one statement at most. */
const MAX_BATCH = 500;
/**
 * Entries are read again after this long, so that a lost eviction (Redis unreachable) cannot let
 * a deprecated device check in for more than ten minutes.
 */
const AUTH_TTL_MS = 10 * 60_000;

/**
 * Device tokens, looked up once per node and then held in memory: a check-in reads nothing
 * from the database. Deprecating, deleting or re-enrolling a device evicts its entry on every
 * node (the cache bus), so the next check-in with the old token reads the database and is refused.
 */
export function engineAuthCache(
  devices: Pick<EngineEvents, 'devicesOfTokens'>,
  bus: CacheBus,
  clock: () => number,
) {
  const byToken = new Map<string, DeviceAuth & { loadedAt: number }>();
  const tokenOf = new Map<string, string>();
  const loading = new Map<string, Promise<DeviceAuth | undefined>>();
  // Tokens not held here are read together: after a restart, or when 50,000 engines first
  // check in, one statement per batch instead of one per check-in (PGlite runs each in this
  // thread).
  let batch = new Map<string, (auth: DeviceAuth | undefined, err?: unknown) => void>();
  const readBatch = async () => {
    const waiting = batch;
    if (waiting.size === 0) return;
    batch = new Map();
    try {
      const found = await devices.devicesOfTokens([...waiting.keys()]);
      for (const [hash, done] of waiting) done(found.get(hash));
    } catch (err) {
      for (const done of waiting.values()) done(undefined, err);
    }
  };
  const read = (hash: string) =>
    new Promise<DeviceAuth | undefined>((resolve, reject) => {
      if (batch.size === 0) setImmediate(() => void readBatch());
      batch.set(hash, (auth, err) => (err ? reject(err) : resolve(auth)));
      if (batch.size >= MAX_BATCH) void readBatch();
    });
  const keep = (hash: string, auth: DeviceAuth) => {
    // Spread over a minute, so entries loaded together are not all read again at once.
    byToken.set(hash, { ...auth, loadedAt: clock() - Math.random() * 60_000 });
    tokenOf.set(auth.deviceId, hash);
  };

  const evictHere = (key: string) => {
    if (key.startsWith(TENANT)) {
      const tenantId = key.slice(TENANT.length);
      for (const [hash, auth] of byToken) {
        if (auth.tenantId !== tenantId) continue;
        byToken.delete(hash);
        tokenOf.delete(auth.deviceId);
      }
      return;
    }
    const hash = tokenOf.get(key);
    if (hash) byToken.delete(hash);
    tokenOf.delete(key);
  };
  const evict = bus.channel('engine-auth', evictHere);

  return {
    async get(hash: string): Promise<DeviceAuth | undefined> {
      const cached = byToken.get(hash);
      if (cached && clock() - cached.loadedAt < AUTH_TTL_MS) return cached;
      let pending = loading.get(hash);
      if (!pending) {
        pending = read(hash).finally(() => loading.delete(hash));
        loading.set(hash, pending);
      }
      const auth = await pending;
      // Only live devices are kept: a refused token is read again, so a device that was deleted and
      // enrolled afresh is never answered from an old entry.
      if (auth && auth.status === 'running') keep(hash, auth);
      return byToken.get(hash) ?? auth;
    },

    /** A token just made at enrolment: the engine's first check-in reads nothing. */
    prime(hash: string, auth: DeviceAuth) {
      keep(hash, auth);
    },

    /** Forget these devices on every node (a large set: the whole tenant, in one message). */
    evict(tenantId: string, deviceIds: readonly string[]) {
      if (deviceIds.length > BULK) evict(`${TENANT}${tenantId}`);
      else for (const id of deviceIds) evict(id);
    },

    size: () => byToken.size,
  };
}
export type EngineAuthCache = ReturnType<typeof engineAuthCache>;
