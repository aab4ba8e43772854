import { randomUUID } from 'node:crypto';
import type { TEngineDataKey } from '@edp/shared/contracts/engine';
import type { TEscrowKey, TEscrowRequest } from '@edp/shared/contracts/agent';
import type {
  TDeviceEscrow,
  TKeyInit,
  TKeySplit,
  TKeyStatus,
  TProtectWith,
  TSplit,
} from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import { ttlCache, type CacheBus } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import { msUuidCursor, readMsUuidCursor } from '../../platform/db/index.ts';
import {
  ageEncrypt,
  ageEncryptToPassphrase,
  kekCheck,
  newKek,
  newAgeIdentity,
  parseShare,
  shareHash,
  unwrapKek,
  unwrapUnderKek,
  wrapKek,
  wrapUnderKek,
  SCRYPT_LOG_N,
  type SecretBox,
} from '../../platform/keys/index.ts';
import { visibleGroupIds, type Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { keysReadModel, type EscrowDeviceRow, type KeyScope } from '../store/index.ts';
import { escrowBatch } from './escrow-batch.ts';
import { escrowRepository, type DeviceKeyRow } from './escrow-repository.ts';
import { escrowRotationProgress } from './escrow-rotation-progress.ts';
import { holdersOf, newSplit, type Person } from './key-people.ts';
import { keysRepository, type ShareRow, type SplitRow } from './keys-repository.ts';
import type { WindowKeyService } from './window-key-service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** How long a scope's count of devices with data keys is kept (a count over every device). */
const WITH_KEYS_MS = 10_000;
/** Why escrow identities are wrapped under the KEK (HKDF info and associated data). */
export const ESCROW_PURPOSE = 'escrow';

export interface KeyDeps {
  db: Db;
  clock: () => number;
  bus: CacheBus;
  /** The root secret (CONSOLE_KEY_SECRET): it wraps every tenant's KEK. */
  consoleKeySecret: Buffer;
  audit: Pick<AuditService, 'change' | 'failure' | 'event'>;
  /** Seals shares and deliveries until they are used (HKDF of the root secret, its own purpose). */
  box: SecretBox;
  /** age's scrypt work factor for passphrases (18; tests of many downloads may lower it). */
  scryptLogN?: number;
  /** The window-signing key: the status shows it, and a new KEK wraps its keys again. */
  windowKeys?: Pick<WindowKeyService, 'status' | 'rewrap'>;
  /**
   * The tenant's KEK changed (initialised: `old` null; a new split active): the secrets sealed
   * for the tenant are sealed again under the new one (console/keys/sealed-secrets.ts).
   */
  kekChanged?: (tenantId: string, old: Uint8Array | null, kek: Uint8Array) => Promise<void>;
}

/** The state of a share as its holder has it. */
const shareState = (s: ShareRow) =>
  s.confirmedAt ? 'confirmed' : s.downloadedAt ? 'downloaded' : 'ready';

function splitOf(split: SplitRow, shares: ShareRow[]): TSplit {
  return {
    id: split.id,
    state: split.state,
    threshold: split.threshold,
    holders: shares
      .filter((s) => s.splitId === split.id)
      .map((s) => ({
        id: s.holderId,
        account: s.holderAccount,
        name: s.holderName,
        share: shareState(s),
        downloadedAt: iso(s.downloadedAt),
        confirmedAt: iso(s.confirmedAt),
      })),
    createdAt: split.createdAt.toISOString(),
    createdBy: split.createdById
      ? { id: split.createdById, account: split.createdBy, name: split.createdByName }
      : null,
  };
}

/** `data` as an age file encrypted to what its reader chose. */
export function protect(to: TProtectWith, data: string, logN = SCRYPT_LOG_N) {
  return to.kind === 'recipient'
    ? ageEncrypt({ recipient: to.recipient }, data)
    : ageEncryptToPassphrase(to.passphrase, data, logN);
}

/**
 * The tenant's keys (docs/keys.md): initialisation, splits and shares, escrow coverage, and the
 * escrow side of EngineEvents. Every write is the key manager's (the calls' access says so); no
 * answer or audit entry carries key material but a share to its holder, once.
 */
export function keyService(deps: KeyDeps) {
  const { db, clock, audit, box } = deps;
  const root = deps.consoleKeySecret;
  const logN = deps.scryptLogN ?? SCRYPT_LOG_N;
  const repo = keysRepository(db);
  const escrow = escrowRepository(db);
  const reads = keysReadModel(db);
  const rotation = escrowRotationProgress(deps);

  // Each tenant's current escrow public key, asked on check-ins: kept in memory, evicted on
  // every node through the cache bus when it changes (initialisation; later, rotation).
  const escrowKeys = new Map<string, Promise<TEscrowKey | null>>();
  const escrowKeyChanged = deps.bus.channel('escrow-key', (tenantId) =>
    escrowKeys.delete(tenantId),
  );
  const escrowKeyOf = (tenantId: string) => {
    let kept = escrowKeys.get(tenantId);
    if (!kept) {
      kept = repo
        .currentEscrowKey(tenantId)
        .then((k) => (k ? { id: k.id, recipient: k.recipient } : null));
      escrowKeys.set(tenantId, kept);
      kept.catch(() => escrowKeys.delete(tenantId));
    }
    return kept;
  };

  const writeEscrowed = escrowBatch((rows, at) => escrow.escrowed(rows, at), clock);

  const withKeys = ttlCache<string, number>({ max: 1_000, ttlMs: WITH_KEYS_MS, now: clock });
  /**
   * Bumped when a device of the tenant lists a key new to it, so that this node's kept counts
   * are not read again (another node's may lag up to WITH_KEYS_MS).
   */
  const withKeysVersion = new Map<string, number>();
  const escrowCounts = async (s: KeyScope) => ({
    devicesWithKeys:
      (await withKeys.load(
        `${s.tenantId} ${withKeysVersion.get(s.tenantId) ?? 0} ${s.groupIds?.join(',') ?? '*'}`,
        () => reads.escrowCount(s, false),
      )) ?? 0,
    notEscrowed: await reads.escrowCount(s, true),
  });

  const scopeOf = async (caller: Caller): Promise<KeyScope> => ({
    tenantId: caller.actor.tenantId,
    groupIds: await visibleGroupIds(db, caller.actor),
  });

  /** The tenant's current KEK, opened with this server's root secret. */
  async function currentKek(tenantId: string) {
    const tk = await repo.tenantKey(tenantId);
    if (!tk) throw new AppError(KeyErr.NotInitialised);
    const kek = unwrapKek(root, tenantId, tk.kekId, tk.kekWrapped);
    if (!kek) throw new AppError(KeyErr.Sealed);
    return { row: tk, kek };
  }

  async function keyManagers(tenantId: string): Promise<Person[]> {
    return reads.keyManagers(tenantId);
  }

  async function status(caller: Caller): Promise<TKeyStatus> {
    const tenantId = caller.actor.tenantId;
    const [tk, managers, splits, current] = await Promise.all([
      repo.tenantKey(tenantId),
      keyManagers(tenantId),
      repo.splits(tenantId),
      repo.currentEscrowKey(tenantId),
    ]);
    const shares = await repo.sharesOf(splits.map((s) => s.id));
    const active = splits.find((s) => s.state === 'active');
    const pending = splits.find((s) => s.state === 'pending');
    const mine =
      (pending &&
        shares.find((s) => s.splitId === pending.id && s.holderId === caller.actor.userId)) ||
      (active && shares.find((s) => s.splitId === active.id && s.holderId === caller.actor.userId));
    const dualControl = !!active && active.threshold >= 2;
    const scope = await scopeOf(caller);
    const escrow = await escrowCounts(scope);
    return {
      initialised: !!tk,
      initialisedAt: iso(tk?.initialisedAt ?? null),
      keyManagers: managers,
      dualControl,
      dualControlOff: dualControl
        ? null
        : managers.length < 2
          ? 'oneKeyManager'
          : pending
            ? 'splitPending'
            : 'noSplit',
      activeSplit: active ? splitOf(active, shares) : null,
      pendingSplit: pending ? splitOf(pending, shares) : null,
      escrowKey: current ? { id: current.id, createdAt: current.createdAt.toISOString() } : null,
      escrowRotation: await rotation.rotationOf(scope, escrow),
      windowKey: deps.windowKeys ? await deps.windowKeys.status(tenantId) : null,
      escrow,
      myShare: mine
        ? {
            splitId: mine.splitId,
            splitState: splits.find((s) => s.id === mine.splitId)!.state,
            share: shareState(mine),
          }
        : null,
    };
  }

  /** The holders named, checked, and their split made (not yet written). */
  async function splitFor(tenantId: string, s: TKeySplit) {
    const holders = holdersOf(s.holders, await keyManagers(tenantId));
    return newSplit(tenantId, s, holders, box);
  }

  const splitRow = (caller: Caller, id: string, threshold: number, check: string, now: Date) => ({
    id,
    tenantId: caller.actor.tenantId,
    state: 'pending' as const,
    threshold,
    kekCheck: check,
    createdAt: now,
    createdById: caller.actor.userId,
    createdBy: caller.actor.account,
    createdByName: caller.actor.user.name,
  });

  /** The share of the caller in the pending split, else in the active one. */
  async function myShare(tenantId: string, userId: string) {
    const splits = await repo.splits(tenantId);
    for (const state of ['pending', 'active'] as const) {
      const split = splits.find((s) => s.state === state);
      const share = split && (await repo.share(split.id, userId));
      if (split && share) return { split, share };
    }
    return undefined;
  }

  /**
   * A pending split whose holders have all confirmed becomes the tenant's: its KEK the current
   * one, the escrow identities wrapped again under it, the split before it retired.
   */
  async function activateIfConfirmed(tenantId: string, split: SplitRow) {
    const shares = await repo.sharesOf([split.id]);
    if (split.state !== 'pending' || shares.some((s) => !s.confirmedAt) || !split.kekWrapped)
      return false;
    const { kek: old } = await currentKek(tenantId);
    const kek = unwrapKek(root, tenantId, split.id, split.kekWrapped);
    if (!kek) throw new AppError(KeyErr.Sealed);
    // Over the escrow keys as they are once the KEK row is locked: a rotation's new key is either
    // in (made under the old KEK, wrapped again here) or made after, under the new KEK.
    const rewrap = (rows: { id: string; identityWrapped: string }[]) =>
      rows.map((e) => {
        const identity = unwrapUnderKek(old, ESCROW_PURPOSE, e.id, e.identityWrapped);
        if (identity === null) throw new AppError(KeyErr.Sealed);
        return { id: e.id, identityWrapped: wrapUnderKek(kek, ESCROW_PURPOSE, e.id, identity) };
      });
    const activated = await repo.activate({
      tenantId,
      splitId: split.id,
      kek: {
        kekId: split.id,
        kekWrapped: wrapKek(root, tenantId, split.id, kek),
        kekCheck: split.kekCheck,
      },
      rewrap,
      at: new Date(clock()),
    });
    if (activated) await finishKekChange(tenantId);
    return activated;
  }

  /**
   * What the replaced KEK sealed outside the activation's transaction (the window keys, the
   * notify secrets) sealed again under the current one, then the replaced KEK forgotten. Each
   * step is safe to run again, so a stop half way is finished by the next run (kekChangeJob).
   */
  async function finishKekChange(tenantId: string) {
    const tk = await repo.tenantKey(tenantId);
    if (!tk?.previousKekId || !tk.previousKekWrapped) return;
    const old = unwrapKek(root, tenantId, tk.previousKekId, tk.previousKekWrapped);
    const kek = unwrapKek(root, tenantId, tk.kekId, tk.kekWrapped);
    if (!old || !kek) throw new AppError(KeyErr.Sealed);
    await deps.windowKeys?.rewrap(tenantId, old, kek);
    await deps.kekChanged?.(tenantId, old, kek);
    await repo.finishedKek(tenantId, tk.previousKekId);
    old.fill(0);
    kek.fill(0);
  }

  async function escrowItems(tenantId: string, rows: EscrowDeviceRow[]): Promise<TDeviceEscrow[]> {
    const keys = await escrow.keysOf(
      tenantId,
      rows.map((r) => r.id),
    );
    const byDevice = new Map<string, DeviceKeyRow[]>();
    for (const k of keys) byDevice.set(k.deviceId, [...(byDevice.get(k.deviceId) ?? []), k]);
    return rows.map((r) => ({
      deviceId: r.id,
      name: r.name,
      groupName: r.groupName,
      online: r.online,
      lastSeenAt: iso(r.lastSeenAt),
      keys: (byDevice.get(r.id) ?? []).map((k) => ({
        keyId: k.keyId,
        seenAt: k.seenAt.toISOString(),
        escrowedAt: iso(k.escrowedAt),
      })),
    }));
  }

  return {
    status,
    currentKek,
    /** Every KEK change a stop left half done, finished (the job `key-kek-change`). */
    async finishKekChanges(signal?: AbortSignal) {
      for (const tenantId of await repo.unfinishedKekChanges()) {
        if (signal?.aborted) return;
        await finishKekChange(tenantId);
      }
    },
    keyManagers,
    escrowKeyOf,
    /** The tenant's escrow key changed (a rotation): every node asks it afresh. */
    escrowKeyChanged: (tenantId: string) => escrowKeyChanged(tenantId),

    async init(caller: Caller, input: TKeyInit): Promise<TKeyStatus> {
      const tenantId = caller.actor.tenantId;
      if (await repo.tenantKey(tenantId)) throw new AppError(KeyErr.AlreadyInitialised);
      const now = new Date(clock());
      const made = input.split ? await splitFor(tenantId, input.split) : undefined;
      // With a first split, its KEK is the tenant's from the start (the split's id names it).
      const kekId = made?.id ?? randomUUID();
      const kek = made?.kek ?? newKek();
      const pair = await newAgeIdentity();
      const escrowId = randomUUID();
      const kekWrapped = wrapKek(root, tenantId, kekId, kek);
      const done = await repo.initialise(
        {
          tenantId,
          kekId,
          kekWrapped,
          kekCheck: kekCheck(kek),
          initialisedAt: now,
        },
        {
          id: escrowId,
          tenantId,
          recipient: pair.recipient,
          identityWrapped: wrapUnderKek(kek, ESCROW_PURPOSE, escrowId, pair.identity),
          state: 'current',
          createdAt: now,
        },
        made && {
          split: {
            ...splitRow(caller, made.id, input.split!.threshold, made.check, now),
            kekWrapped,
          },
          shares: made.shares,
        },
      );
      if (!done) throw new AppError(KeyErr.AlreadyInitialised);
      escrowKeyChanged(tenantId);
      await deps.kekChanged?.(tenantId, null, kek);
      await audit.change(caller, {
        target: 'keys',
        after: {
          escrowKeyId: escrowId,
          split: made
            ? {
                id: made.id,
                threshold: input.split!.threshold,
                holders: made.shares.map((s) => s.holderAccount),
              }
            : null,
        },
      });
      return status(caller);
    },

    async split(caller: Caller, input: TKeySplit): Promise<TSplit> {
      const tenantId = caller.actor.tenantId;
      if (!(await repo.tenantKey(tenantId))) throw new AppError(KeyErr.NotInitialised);
      if ((await repo.splits(tenantId, ['pending'])).length > 0)
        throw new AppError(KeyErr.SplitPending);
      const now = new Date(clock());
      const made = await splitFor(tenantId, input);
      const row = {
        ...splitRow(caller, made.id, input.threshold, made.check, now),
        kekWrapped: wrapKek(root, tenantId, made.id, made.kek),
      };
      if (!(await repo.addSplit(row, made.shares))) throw new AppError(KeyErr.SplitPending);
      await audit.change(caller, {
        target: made.id,
        after: { threshold: input.threshold, holders: made.shares.map((s) => s.holderAccount) },
      });
      return splitOf((await repo.split(tenantId, made.id))!, await repo.sharesOf([made.id]));
    },

    async cancelSplit(caller: Caller): Promise<TKeyStatus> {
      const dropped = await repo.dropPending(caller.actor.tenantId);
      if (!dropped) throw new AppError(KeyErr.NoPendingSplit);
      await audit.change(caller, { target: dropped.id, before: { state: 'pending' } });
      return status(caller);
    },

    /** The caller's share, once, as an armoured age file encrypted as they chose. */
    async downloadShare(caller: Caller, to: TProtectWith) {
      const { tenantId, userId } = caller.actor;
      const found = await myShare(tenantId, userId);
      if (!found) throw new AppError(KeyErr.NoShare);
      const { split, share } = found;
      if (share.downloadedAt || !share.shareSealed) throw new AppError(KeyErr.ShareDownloaded);
      const text = box.open(share.shareSealed);
      if (text === null) throw new AppError(KeyErr.Sealed);
      const file = await protect(to, text, logN);
      // Forgotten only once the file is made; a second download at the same time gets nothing.
      if ((await repo.takeShare(split.id, userId, new Date(clock()))) === null)
        throw new AppError(KeyErr.ShareDownloaded);
      await audit.change(caller, {
        target: split.id,
        after: { protectedWith: to.kind, splitState: split.state },
      });
      return { name: `edp-share-${caller.actor.account}.age`, text: file };
    },

    /** The caller's share, decrypted: its hash must be theirs; the split activates once all are. */
    async confirmShare(caller: Caller, text: string): Promise<TKeyStatus> {
      const { tenantId, userId } = caller.actor;
      const parsed = parseShare(text);
      if (!parsed) throw new AppError(KeyErr.ShareMalformed);
      const split = await repo.split(tenantId, parsed.splitId);
      const share = split && split.state !== 'retired' && (await repo.share(split.id, userId));
      if (!split || !share) throw new AppError(KeyErr.NoShare);
      if (share.shareHash !== shareHash(text)) throw new AppError(KeyErr.ShareMismatch);
      await repo.confirm(split.id, userId, new Date(clock()));
      const activated = await activateIfConfirmed(tenantId, split);
      await audit.change(caller, {
        target: split.id,
        after: { share: 'confirmed', splitState: activated ? 'active' : split.state },
      });
      return status(caller);
    },

    async escrowList(
      caller: Caller,
      q: { filter: 'all' | 'missing'; q?: string; cursor?: string; size: number },
    ) {
      const scope = await scopeOf(caller);
      const before = readMsUuidCursor(q.cursor)?.id;
      const rows = await reads.escrowDevicePage(scope, {
        missing: q.filter === 'missing',
        q: q.q,
        before,
        size: q.size,
        now: clock(),
      });
      const items = await escrowItems(scope.tenantId, rows);
      const last = rows.at(-1);
      return {
        items,
        next: last && rows.length === q.size ? msUuidCursor(0, last.id) : null,
      };
    },

    async deviceEscrow(caller: Caller, deviceId: string): Promise<TDeviceEscrow> {
      const scope = await scopeOf(caller);
      const [row] = await reads.devicesOf(scope, [deviceId], clock());
      if (!row) throw new AppError(await hiddenOrMissing(caller, deviceId));
      return (await escrowItems(scope.tenantId, [row]))[0]!;
    },

    /** Which of these tenants have initialised their keys (the vendor's tenant list; no key). */
    initialised: (tenantIds: string[]) => repo.initialised(tenantIds),
    /** Every tenant that has initialised its keys (the vendor's customer filter; no key). */
    initialisedTenants: () => repo.initialisedTenants(),

    /** The keys a device's state lists (after a check-in whose state changed). */
    async listed(deviceId: string, keys: TEngineDataKey[], now: Date) {
      const tenantId = await escrow.listed(
        deviceId,
        keys.map((k) => k.id),
        now,
      );
      if (tenantId) withKeysVersion.set(tenantId, (withKeysVersion.get(tenantId) ?? 0) + 1);
    },

    /** EngineEvents.escrowKey: from memory. */
    escrowKey: (tenantId: string) => escrowKeyOf(tenantId),

    /**
     * EngineEvents.escrowed: those wrapped to the current escrow key kept, in one batch. Those
     * wrapped to a key a rotation is retiring (a `tde.rotate` made before it, or retried) are
     * kept under it too, so that the new data key is recoverable at once; the state then shows
     * it under that key and the next check-in hands out the current one.
     */
    async escrowed(
      device: { deviceId: string; tenantId: string },
      keys: TEscrowRequest['keys'],
      now: Date,
    ): Promise<string[]> {
      const current = await escrowKeyOf(device.tenantId);
      if (!current) return [];
      const accepted = keys.filter((k) => k.escrow === current.id);
      await writeEscrowed(
        accepted.map((k) => ({ ...device, escrowKeyId: current.id, id: k.id, wrapped: k.wrapped })),
      );
      const others = keys.filter((k) => k.escrow !== current.id);
      const underRetiring = others.length
        ? await escrow.keptUnderRetiring(device, others, now)
        : [];
      return [...accepted.map((k) => k.id), ...underRetiring];
    },
  };

  async function hiddenOrMissing(caller: Caller, deviceId: string) {
    const [any] = await reads.devicesOf(
      { tenantId: caller.actor.tenantId, groupIds: null },
      [deviceId],
      clock(),
    );
    return any ? ConsoleErr.DeviceHidden : CommonErr.NotFound;
  }
}
export type KeyService = ReturnType<typeof keyService>;

export const KEK_CHANGE_JOB = 'key-kek-change';
/**
 * KEK changes a stop left half done (a new split made active, what the old KEK sealed outside
 * its transaction not yet sealed again), finished at start and then every minute, on any node.
 */
export const kekChangeJob = (keys: Pick<KeyService, 'finishKekChanges'>): JobDefinition => ({
  name: KEK_CHANGE_JOB,
  everyMs: 60_000,
  atStart: true,
  run: (signal) => keys.finishKekChanges(signal),
});
