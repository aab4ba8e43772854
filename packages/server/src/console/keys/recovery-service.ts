import { createHash, randomUUID } from 'node:crypto';
import { askRecovery } from '@edp/shared/api/console/keys.calls';
import {
  RECOVERY_FORMAT,
  type RecoveryState,
  type TProtectWith,
  type TRecovery,
  type TRecoveryPayload,
} from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { msUuidCursor, readMsUuidCursor } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import {
  ageDecrypt,
  ageEncrypt,
  combineShares,
  kekCheck,
  parseShare,
  scryptWrapKey,
  shareHash,
  unwrapUnderKek,
  wrapKeyOf,
  wrapKeyText,
  SCRYPT_LOG_N,
} from '../../platform/keys/index.ts';
import { visibleGroupIds, type Caller } from '../access/index.ts';
import { keysReadModel } from '../store/index.ts';
import { escrowRepository } from './escrow-repository.ts';
import { personOf } from './key-people.ts';
import { keysRepository } from './keys-repository.ts';
import { ESCROW_PURPOSE, type KeyDeps, type KeyService } from './key-service.ts';
import { recoveryRepository, type PresentedRow, type RecoveryRow } from './recovery-repository.ts';

/** A recovery is open this long, then expired (docs/keys.md "Recovery"). */
export const RECOVERY_OPEN_MS = 24 * 3_600_000;
/** Recoveries the expiry job turns in one statement, and how often it looks. */
const EXPIRE_BATCH = 500;
export const RECOVERY_EXPIRY_EVERY_MS = 60_000;

/** A data key's id: the first 8 bytes of its SHA-256, hex. */
const dataKeyId = (key: Uint8Array) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/**
 * Recoveries under dual control (docs/keys.md "Recovery"): a key manager asks, M different key
 * managers of the active split each present their own share, the M-th rebuilds the KEK, checks it,
 * unwraps the escrow identity with it (not the server's copy), the data key with that, and
 * encrypts the key to the delivery: the recovery file, handed once to its requester.
 */
export function recoveryService(deps: KeyDeps & { keys: Pick<KeyService, 'currentKek'> }) {
  const { db, clock, audit, box } = deps;
  const logN = deps.scryptLogN ?? SCRYPT_LOG_N;
  const repo = recoveryRepository(db);
  const keysRepo = keysRepository(db);
  const escrow = escrowRepository(db);
  const reads = keysReadModel(db);

  const target = (r: Pick<RecoveryRow, 'deviceName' | 'keyId'>) => `${r.deviceName} ${r.keyId}`;
  const deviceOf = (r: Pick<RecoveryRow, 'deviceId' | 'deviceName'>) => [
    { id: r.deviceId, name: r.deviceName },
  ];

  async function activeSplit(tenantId: string) {
    return (await keysRepo.splits(tenantId, ['active']))[0];
  }

  function itemOf(
    r: RecoveryRow,
    presented: PresentedRow[],
    caller: Caller,
    mayPresent: boolean,
  ): TRecovery {
    const mine = presented.filter((p) => p.recoveryId === r.id);
    return {
      id: r.id,
      state: r.state,
      deviceId: r.deviceId,
      deviceName: r.deviceName,
      keyId: r.keyId,
      reason: r.reason,
      deliver: r.deliver,
      requestedBy: { id: r.requestedById, account: r.requestedBy, name: r.requestedByName },
      threshold: r.threshold,
      presented: mine.map((p) => ({
        id: p.holderId,
        account: p.holderAccount,
        name: p.holderName,
        at: p.presentedAt.toISOString(),
      })),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      completedAt: r.completedAt?.toISOString() ?? null,
      mayPresent:
        mayPresent && r.state === 'open' && !mine.some((p) => p.holderId === caller.actor.userId),
      mayDownload:
        r.state === 'completed' && r.file !== null && r.requestedById === caller.actor.userId,
    };
  }

  /** Whether the caller holds a share of the active split (they may present one). */
  async function holdsActiveShare(caller: Caller) {
    const split = await activeSplit(caller.actor.tenantId);
    return !!split && !!(await keysRepo.share(split.id, caller.actor.userId));
  }

  async function view(caller: Caller, id: string): Promise<TRecovery> {
    const r = await visible(caller, id);
    return itemOf(r, await repo.presentedTo([r.id]), caller, await holdsActiveShare(caller));
  }

  /** A recovery of the caller's tenant on a device of their groups (else not found). */
  async function visible(caller: Caller, id: string) {
    const r = await repo.find(caller.actor.tenantId, id);
    if (!r) throw new AppError(CommonErr.NotFound);
    const groupIds = await visibleGroupIds(db, caller.actor);
    if (groupIds) {
      const [d] = await reads.devicesOf({ tenantId: r.tenantId, groupIds }, [r.deviceId], clock());
      if (!d) throw new AppError(CommonErr.NotFound);
    }
    return r;
  }

  /** An open recovery past its time is expired now, whether or not the job has run. */
  async function expireIfDue(caller: Caller, r: RecoveryRow) {
    if (r.state !== 'open' || r.expiresAt.getTime() > clock()) return r;
    if (await repo.end(r.tenantId, r.id, 'expired', new Date(clock())))
      await expired([
        {
          tenantId: r.tenantId,
          id: r.id,
          deviceId: r.deviceId,
          deviceName: r.deviceName,
          keyId: r.keyId,
        },
      ]);
    return { ...r, state: 'expired' as RecoveryState };
  }

  async function expired(
    rows: { id: string; tenantId: string; deviceId: string; deviceName: string; keyId: string }[],
  ) {
    for (const r of rows)
      await audit.event({
        tenantId: r.tenantId,
        account: '',
        roleName: '',
        duty: 'kss',
        action: askRecovery.path,
        target: target(r),
        detail: { note: 'expired', after: { id: r.id, state: 'expired' }, devices: deviceOf(r) },
        ip: '',
        result: 'success',
      });
  }

  /** Refuses a present: the refusal audited with the device and key, then thrown. */
  async function refuse(caller: Caller, r: RecoveryRow, code: number): Promise<never> {
    await audit.failure(caller, code, target(r));
    throw new AppError(code);
  }

  /**
   * The escrow key (current or retiring) holding a copy of the device's key, the newest copy
   * first: during an escrow-key rotation a device not re-escrowed yet is held by the old key.
   */
  async function escrowKeyHolding(tenantId: string, deviceId: string, keyId?: string) {
    const held = new Map((await keysRepo.escrowKeysOf(tenantId)).map((k) => [k.id, k]));
    const copy = (await escrow.escrowedCopies(deviceId, keyId)).find((c) =>
      held.has(c.escrowKeyId),
    );
    return copy && { ...held.get(copy.escrowKeyId)!, keyId: copy.keyId };
  }

  /** The M-th share: the KEK rebuilt and checked, the data key unwrapped and encrypted anew. */
  async function complete(caller: Caller, r: RecoveryRow) {
    const tenantId = r.tenantId;
    const sealed = await repo.sealedShares(r.id);
    const parts = sealed.map((s) => (s.sealed ? parseShare(box.open(s.sealed) ?? '') : null));
    const { row: tk } = await deps.keys.currentKek(tenantId);
    const kek = parts.every((p) => p) ? await combineShares(parts.map((p) => p!.bytes)) : null;
    if (!kek || kekCheck(kek) !== tk.kekCheck) return refuse(caller, r, KeyErr.KekMismatch);
    // The escrow key the copy was under when asked; retired since (a rotation finished), the copy
    // the engine sent under another key the tenant still holds.
    const escrowKey =
      (await keysRepo.escrowKey(tenantId, r.escrowKeyId)) ??
      (await escrowKeyHolding(tenantId, r.deviceId, r.keyId));
    const identity =
      escrowKey && unwrapUnderKek(kek, ESCROW_PURPOSE, escrowKey.id, escrowKey.identityWrapped);
    const wrapped = escrowKey && (await escrow.wrapped(r.deviceId, r.keyId, escrowKey.id));
    const key = identity && wrapped ? await ageDecrypt(identity, wrapped) : null;
    // What the engine escrowed must be the key its id names.
    if (!key || key.length !== 32 || dataKeyId(key) !== r.keyId)
      return refuse(caller, r, KeyErr.NotEscrowed);
    const payload: TRecoveryPayload = {
      format: RECOVERY_FORMAT,
      deviceId: r.deviceId,
      keyId: r.keyId,
      key: Buffer.from(key).toString('base64'),
    };
    const delivery = r.deliverSealed ? box.open(r.deliverSealed) : null;
    if (!delivery) throw new AppError(KeyErr.Sealed);
    const to = delivery.startsWith('r:')
      ? { recipient: delivery.slice(2) }
      : { wrapKey: wrapKeyOf(delivery.slice(2))! };
    const file = await ageEncrypt(to, JSON.stringify(payload));
    key.fill(0);
    kek.fill(0);
    // Another M-th share at the same moment completed it first: the answer shows it so.
    if (!(await repo.complete(r.id, file, new Date(clock())))) return;
    await audit.change(caller, {
      target: target(r),
      note: 'completed',
      after: { id: r.id, state: 'completed' },
      devices: deviceOf(r),
    });
  }

  return {
    async ask(
      caller: Caller,
      input: { deviceId: string; keyId?: string; reason: string; deliver: TProtectWith },
    ) {
      const { tenantId } = caller.actor;
      const split = await activeSplit(tenantId);
      if (!(await keysRepo.tenantKey(tenantId))) throw new AppError(KeyErr.NotInitialised);
      if (!split || split.threshold < 2) throw new AppError(KeyErr.DualControlOff);
      const groupIds = await visibleGroupIds(db, caller.actor);
      const [device] = await reads.devicesOf({ tenantId, groupIds }, [input.deviceId], clock());
      if (!device) {
        const [any] = await reads.devicesOf(
          { tenantId, groupIds: null },
          [input.deviceId],
          clock(),
        );
        throw new AppError(any ? ConsoleErr.DeviceHidden : CommonErr.NotFound);
      }
      const escrowKeys = new Set((await keysRepo.escrowKeysOf(tenantId)).map((k) => k.id));
      const copies = (await escrow.escrowedCopies(device.id, input.keyId)).filter((c) =>
        escrowKeys.has(c.escrowKeyId),
      );
      const copy = copies[0];
      if (!copy) {
        const listed = input.keyId ? undefined : await escrow.newestListed(device.id);
        const known = input.keyId
          ? (await escrow.keysOf(tenantId, [device.id])).some((k) => k.keyId === input.keyId)
          : !!listed;
        throw new AppError(known ? KeyErr.NotEscrowed : KeyErr.NoDataKey);
      }
      // A passphrase becomes age's scrypt wrap key now (the slow part), kept sealed: the last
      // share then makes the file at once. The passphrase itself is not kept.
      const deliverSealed = box.seal(
        input.deliver.kind === 'recipient'
          ? `r:${input.deliver.recipient}`
          : `p:${wrapKeyText(await scryptWrapKey(input.deliver.passphrase, logN))}`,
      );
      const now = clock();
      const id = randomUUID();
      const me = personOf(caller.actor);
      const row = {
        id,
        tenantId,
        deviceId: device.id,
        deviceName: device.name,
        keyId: copy.keyId,
        escrowKeyId: copy.escrowKeyId,
        splitId: split.id,
        threshold: split.threshold,
        reason: input.reason,
        deliver: input.deliver.kind,
        deliverSealed,
        state: 'open' as const,
        requestedById: me.id,
        requestedBy: me.account,
        requestedByName: me.name,
        createdAt: new Date(now),
        expiresAt: new Date(now + RECOVERY_OPEN_MS),
      };
      await repo.add(row);
      await audit.change(caller, {
        target: target(row),
        after: {
          id,
          deviceId: device.id,
          keyId: copy.keyId,
          reason: input.reason,
          deliver: input.deliver.kind,
        },
        devices: deviceOf(row),
      });
      return { id };
    },

    async list(caller: Caller, q: { state?: RecoveryState; cursor?: string; size: number }) {
      const { tenantId } = caller.actor;
      const c = readMsUuidCursor(q.cursor);
      const rows = await repo.page(tenantId, {
        state: q.state,
        before: c && { at: new Date(c.at), id: c.id },
        size: q.size,
      });
      // Recoveries of devices outside the caller's groups are left out of the page.
      const groupIds = await visibleGroupIds(db, caller.actor);
      const seen = groupIds
        ? new Set(
            (
              await reads.devicesOf(
                { tenantId, groupIds },
                [...new Set(rows.map((r) => r.deviceId))],
                clock(),
              )
            ).map((d) => d.id),
          )
        : null;
      const shown = rows.filter((r) => !seen || seen.has(r.deviceId));
      const presented = await repo.presentedTo(shown.map((r) => r.id));
      const holds = await holdsActiveShare(caller);
      const last = rows.at(-1);
      return {
        items: shown.map((r) => itemOf(r, presented, caller, holds)),
        next:
          last && rows.length === q.size ? msUuidCursor(last.createdAt.getTime(), last.id) : null,
      };
    },

    async present(caller: Caller, input: { id: string; share: string }): Promise<TRecovery> {
      const { tenantId, userId } = caller.actor;
      const r = await expireIfDue(caller, await visible(caller, input.id));
      if (r.state !== 'open') return refuse(caller, r, KeyErr.RecoveryNotOpen);
      const parsed = parseShare(input.share);
      if (!parsed) return refuse(caller, r, KeyErr.ShareMalformed);
      const split = await activeSplit(tenantId);
      if (!split || parsed.splitId !== split.id) return refuse(caller, r, KeyErr.ShareRetired);
      const mine = await keysRepo.share(split.id, userId);
      if (!mine) return refuse(caller, r, KeyErr.NotHolder);
      if (mine.shareHash !== shareHash(input.share))
        return refuse(caller, r, KeyErr.ShareOfAnother);
      const me = personOf(caller.actor);
      const presented = await repo.present({
        recoveryId: r.id,
        holderId: me.id,
        holderAccount: me.account,
        holderName: me.name,
        shareSealed: box.seal(input.share.trim()),
        presentedAt: new Date(clock()),
      });
      if (!presented) {
        const again = (await repo.presentedTo([r.id])).some((p) => p.holderId === userId);
        return refuse(caller, r, again ? KeyErr.AlreadyPresented : KeyErr.RecoveryNotOpen);
      }
      await audit.change(caller, {
        target: target(r),
        note: 'share presented',
        after: { id: r.id, by: me.account },
        devices: deviceOf(r),
      });
      const count = (await repo.presentedTo([r.id])).length;
      if (count >= split.threshold) await complete(caller, r);
      return view(caller, r.id);
    },

    async cancel(caller: Caller, id: string): Promise<TRecovery> {
      const r = await expireIfDue(caller, await visible(caller, id));
      if (r.state !== 'open' || !(await repo.end(r.tenantId, r.id, 'cancelled', new Date(clock()))))
        throw new AppError(KeyErr.RecoveryNotOpen);
      await audit.change(caller, {
        target: target(r),
        after: { id: r.id, state: 'cancelled' },
        devices: deviceOf(r),
      });
      return view(caller, id);
    },

    /** The recovery file, once, to its requester. */
    async download(caller: Caller, id: string) {
      const r = await visible(caller, id);
      if (r.requestedById !== caller.actor.userId) throw new AppError(KeyErr.NotRequester);
      const file = await repo.takeFile(r.tenantId, r.id, new Date(clock()));
      if (file === null) throw new AppError(KeyErr.FileGone);
      await audit.change(caller, {
        target: target(r),
        after: { id: r.id, state: 'delivered' },
        devices: deviceOf(r),
      });
      return { name: `edp-recovery-${r.keyId}.age`, text: file };
    },

    /** Every tenant's open recoveries past their time, expired and audited (the job). */
    async expireDue(signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (let i = 0; i < 20 && !signal?.aborted; i++) {
        const rows = await repo.expireDue(new Date(clock()), EXPIRE_BATCH);
        await expired(rows);
        total += rows.length;
        if (rows.length < EXPIRE_BATCH) break;
      }
      return total;
    },
  };
}
export type RecoveryService = ReturnType<typeof recoveryService>;

export const RECOVERY_EXPIRY_JOB = 'key-recovery-expiry';
/** Open recoveries past their 24 hours: expired at start, then every minute, on any node. */
export const recoveryExpiryJob = (
  recoveries: Pick<RecoveryService, 'expireDue'>,
): JobDefinition => ({
  name: RECOVERY_EXPIRY_JOB,
  everyMs: RECOVERY_EXPIRY_EVERY_MS,
  atStart: true,
  run: (signal) => recoveries.expireDue(signal),
});
