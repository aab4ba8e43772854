import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { newOkpPrivateKey } from '@edp/shared/keys/okp-key';
import { windowKeyStatement, type TWindowKeyAnnouncement } from '@edp/shared/contracts/agent';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { KeyErr } from '@edp/shared/errors';
import { keyId } from '@edp/shared/window/console-window';
import type { CacheBus } from '../../platform/cache/index.ts';
import { isUniqueViolation, type Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import {
  unwrapKek,
  unwrapUnderKek,
  wrapUnderKek,
  type ConsoleKey,
} from '../../platform/keys/index.ts';
import type { Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { windowKeyRepository, type WindowKeyRow } from './window-key-repository.ts';

/** Why window keys are wrapped under the KEK (HKDF info and associated data). */
export const WINDOW_PURPOSE = 'window key';

/** A window key as enrolments and check-ins see it: its id (a window's `kid`) and PEM. */
interface PublicKeyOf {
  id: string;
  publicPem: string;
  /** The tenant's own (wrapped by its KEK), or the console's shared key. */
  own: boolean;
  createdAt: Date | null;
}

/** A key that signs: with its halves. */
interface SigningKey extends PublicKeyOf {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface WindowKeyDeps {
  db: Db;
  clock: () => number;
  bus: CacheBus;
  audit: Pick<AuditService, 'change'>;
  /** The console's shared key: it signs for a tenant until the tenant's first rotation. */
  shared: ConsoleKey;
  /** The tenant's current KEK (key-service's `currentKek`): refuses when not initialised. */
  kek: (tenantId: string) => Promise<Buffer>;
  /** The root secret (CONSOLE_KEY_SECRET): a rotation opens the KEK it read with its row locked. */
  consoleKeySecret: Buffer;
  /**
   * The tenant's running devices, those online and those never seen: the device centre's cached
   * counters (devices' `deviceCounts`, handed in by the composition root: a module of the same
   * layer is not imported).
   */
  counts: {
    summary(
      tenantId: string,
      status: 'running',
      f: { groupIds: null },
    ): Promise<{ all: number; online: number; byPresence: Record<string, number> }>;
  };
}

/**
 * The tenant's window-signing key (docs/keys.md "Rotation"): its own Ed25519 key wrapped by its
 * KEK, or the console's shared key until its first rotation; rotations, the announcement of the
 * current key to an engine that trusts an older one, and how many engines trust the current one.
 * The current key and the announcements are kept in memory, evicted on every node through the
 * cache bus when a rotation changes them, so a check-in of an engine on the current key costs a
 * map lookup.
 */
export function windowKeyService(deps: WindowKeyDeps) {
  const { db, clock, audit, shared } = deps;
  const repo = windowKeyRepository(db);

  const sharedKey = async (): Promise<SigningKey> => {
    const { privateKey, publicKey } = await shared.pair();
    return {
      id: keyId(publicKey),
      publicPem: await shared.publicPem(),
      privateKey,
      publicKey,
      own: false,
      createdAt: null,
    };
  };

  const opened = async (row: WindowKeyRow): Promise<SigningKey | null> => {
    if (!row.privateWrapped) return null;
    const kek = await deps.kek(row.tenantId);
    const pem = unwrapUnderKek(kek, WINDOW_PURPOSE, row.id, row.privateWrapped);
    if (pem === null) throw new AppError(KeyErr.Sealed);
    return {
      id: row.id,
      publicPem: row.publicPem,
      privateKey: createPrivateKey(pem),
      publicKey: createPublicKey(row.publicPem),
      own: true,
      createdAt: row.createdAt,
    };
  };

  const currents = new Map<string, Promise<SigningKey>>();
  const publics = new Map<string, Promise<PublicKeyOf>>();
  const announcements = new Map<string, Promise<TWindowKeyAnnouncement | null>>();
  const evict = deps.bus.channel('window-key', (tenantId) => {
    currents.delete(tenantId);
    publics.delete(tenantId);
    for (const k of announcements.keys()) if (k.startsWith(`${tenantId} `)) announcements.delete(k);
  });

  const kept = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    let p = map.get(key);
    if (!p) {
      p = load();
      map.set(key, p);
      p.catch(() => map.delete(key));
    }
    return p;
  };

  /** The key that signs the tenant's windows now (its private half opened by the KEK). */
  const current = (tenantId: string) =>
    kept(currents, tenantId, async () => {
      const row = await repo.current(tenantId);
      return (row && (await opened(row))) ?? sharedKey();
    });

  /**
   * Its public half alone: what enrolments hand out and check-ins compare with, read without the
   * KEK, so neither depends on this node's root secret opening the tenant's keys.
   */
  const currentPublic = (tenantId: string) =>
    kept(publics, tenantId, async (): Promise<PublicKeyOf> => {
      const row = await repo.current(tenantId);
      if (row) return { id: row.id, publicPem: row.publicPem, own: true, createdAt: row.createdAt };
      const publicPem = await shared.publicPem();
      return { id: keyId(createPublicKey(publicPem)), publicPem, own: false, createdAt: null };
    });

  /** The current key signed by the key the engine reported, or null when that key is unknown. */
  async function announce(tenantId: string, reported: string, now: PublicKeyOf) {
    const row = await repo.find(tenantId, reported);
    let signer: SigningKey | null = row ? await opened(row) : null;
    if (!signer) {
      // The shared key has no private half of the tenant's: the console holds it.
      const s = await sharedKey();
      signer = s.id === reported ? s : null;
    }
    if (!signer) return null;
    const revoke = row?.state === 'revoked';
    const statement = windowKeyStatement(now.id, now.publicPem, revoke);
    return {
      id: now.id,
      publicKey: now.publicPem,
      signedBy: signer.id,
      signature: sign(null, Buffer.from(statement, 'utf8'), signer.privateKey).toString('base64'),
      revoke,
    };
  }

  /** Engines on the current key (done), the rest seen within two intervals (waiting), offline. */
  async function progress(tenantId: string, id: string) {
    const [done, seen] = await Promise.all([
      repo.reporting(tenantId, id),
      deps.counts.summary(tenantId, 'running', { groupIds: null }),
    ]);
    // Engines that reported the new key did so since the rotation: counted among the online.
    const engines = seen.all - (seen.byPresence.never ?? 0);
    const waiting = Math.max(0, seen.online - done);
    return { done, waiting, offline: Math.max(0, engines - done - waiting) };
  }

  async function rotateWindowKey(caller: Caller, input: { revoke: boolean }) {
    const tenantId = caller.actor.tenantId;
    for (let attempt = 0; ; attempt++) {
      const before = await currentPublic(tenantId);
      // Not generateKeyPairSync: exporting what it made can deadlock the process (okp-key.ts).
      const privateKey = newOkpPrivateKey('Ed25519');
      const made = { privateKey, publicKey: createPublicKey(privateKey) };
      const id = keyId(made.publicKey);
      const pem = made.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const wrap = (k: { kekId: string; kekWrapped: string }) => {
        const kek = unwrapKek(deps.consoleKeySecret, tenantId, k.kekId, k.kekWrapped);
        if (!kek) throw new AppError(KeyErr.Sealed);
        return wrapUnderKek(kek, WINDOW_PURPOSE, id, pem);
      };
      try {
        const done = await repo.rotate(
          {
            tenantId,
            id,
            publicPem: made.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
            createdAt: new Date(clock()),
          },
          wrap,
          { id: before.id, publicPem: before.publicPem, shared: !before.own },
          input.revoke ? 'revoked' : 'previous',
        );
        if (!done) throw new AppError(KeyErr.NotInitialised);
      } catch (err) {
        // Another rotation at the same moment made a current key: this one is made on top.
        if (!isUniqueViolation(err) || attempt > 0) throw err;
        evict(tenantId);
        continue;
      }
      evict(tenantId);
      await audit.change(caller, {
        target: 'windowKey',
        before: { windowKeyId: before.id, own: before.own },
        after: { windowKeyId: id, revoke: input.revoke },
      });
      return { id, replaced: before.id };
    }
  }

  return {
    /** The current key's halves (elevation signs windows with them). */
    async pair(tenantId: string) {
      const { privateKey, publicKey } = await current(tenantId);
      return { privateKey, publicKey };
    },

    /** The current key's PEM (every enrolment hands it out). */
    publicPem: async (tenantId: string) => (await currentPublic(tenantId)).publicPem,

    /**
     * EngineEvents.windowKeyFor: null when the engine trusts the current key (from memory) or
     * reports none or an unknown key; else the announcement, kept in memory.
     */
    async windowKeyFor(tenantId: string, reported: string | null) {
      if (reported === null) return null;
      const now = await currentPublic(tenantId);
      if (now.id === reported) return null;
      // An announcement that cannot be made (a root secret that opens neither the tenant's keys
      // nor the shared key, a failed read) is not cached: the check-in goes on without it, the
      // engine keeps the key it holds and is told at a later check-in.
      return kept(announcements, `${tenantId} ${reported}`, () =>
        announce(tenantId, reported, now),
      ).catch(() => null);
    },

    /**
     * A new key signs the tenant's windows from now on. `revoke` (an incident): engines refuse
     * windows signed by the key replaced and close those open; else those keep their end.
     */
    rotateWindowKey,

    /** The key an engine reports, after a check-in whose state changed. */
    reported: (deviceId: string, keyId: string | null, now: Date) =>
      repo.reported(deviceId, keyId, now),

    /** Engines not yet on the current key (a `windowKey` incident's affected count). */
    async windowRotationAffected(tenantId: string): Promise<number> {
      const p = await progress(tenantId, (await currentPublic(tenantId)).id);
      return p.waiting + p.offline;
    },

    /** The status's `windowKey`: which key signs, and a rotation's progress. */
    async status(tenantId: string): Promise<TKeyStatus['windowKey']> {
      const now = await currentPublic(tenantId);
      const p = now.own ? await progress(tenantId, now.id) : null;
      return {
        id: now.id,
        own: now.own,
        createdAt: now.createdAt?.toISOString() ?? null,
        rotation:
          p && now.createdAt && p.waiting + p.offline > 0
            ? { startedAt: now.createdAt.toISOString(), progress: p }
            : null,
      };
    },

    /** A new KEK of the tenant became current: its window keys wrapped again under it. */
    async rewrap(tenantId: string, old: Uint8Array, kek: Uint8Array) {
      const rows = await repo.wrapped(tenantId);
      await repo.rewrap(
        tenantId,
        rows.flatMap((r) => {
          const pem = unwrapUnderKek(old, WINDOW_PURPOSE, r.id, r.privateWrapped!);
          if (pem !== null)
            return [{ id: r.id, privateWrapped: wrapUnderKek(kek, WINDOW_PURPOSE, r.id, pem) }];
          // Made by a rotation after the new KEK became current: under it already.
          if (unwrapUnderKek(kek, WINDOW_PURPOSE, r.id, r.privateWrapped!) !== null) return [];
          throw new AppError(KeyErr.Sealed);
        }),
      );
      evict(tenantId);
    },
  };
}
export type WindowKeyService = ReturnType<typeof windowKeyService>;
