import { finishEscrowRotation } from '@edp/shared/api/console/keys.calls';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import type { AuditService } from '../audit/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { keyRotationReadModel, type KeyScope } from '../store/index.ts';
import { escrowRotationRepository } from './escrow-rotation-repository.ts';

/**
 * An escrow-key rotation's progress and its automatic end (docs/keys.md "Rotation"): what the
 * status shows of it, and the old key retired once no running device is left to re-escrow. The
 * key service's status and the rotation service's job both use it.
 */
export function escrowRotationProgress(deps: {
  db: Db;
  clock: () => number;
  audit: Pick<AuditService, 'event'>;
}) {
  const { db, clock, audit } = deps;
  const repo = escrowRotationRepository(db);
  const rotations = keyRotationReadModel(db);

  /** Retires the tenant's retiring keys when no running device waits or is offline. */
  async function retireIfDone(tenantId: string, left?: { waiting: number; offline: number }) {
    left ??= await rotations.notEscrowedByPresence({ tenantId, groupIds: null }, clock());
    if (left.waiting + left.offline > 0) return [];
    const retired = await repo.retire(tenantId);
    for (const id of retired)
      await audit.event({
        tenantId,
        account: '',
        roleName: '',
        duty: 'kss',
        action: finishEscrowRotation.path,
        target: 'escrowKey',
        detail: {
          note: 'every device re-escrowed',
          before: { escrowKeyId: id, state: 'retiring' },
        },
        ip: '',
        result: 'success',
      });
    return retired;
  }

  return {
    retireIfDone,

    /**
     * The rotation under way, as the status shows it: the key it replaced, when, and its progress
     * over the scope's devices (`escrow`: the status's coverage of the same scope). The old key is
     * retired first when nothing is left to wait for.
     */
    async rotationOf(
      scope: KeyScope,
      escrow: { devicesWithKeys: number; notEscrowed: number },
    ): Promise<TKeyStatus['escrowRotation']> {
      let retiring = await repo.retiring(scope.tenantId);
      if (!retiring.length) return null;
      // The tenant's count decides the retirement; a caller who sees every group reads it once.
      const whole = await rotations.notEscrowedByPresence(
        { tenantId: scope.tenantId, groupIds: null },
        clock(),
      );
      if ((await retireIfDone(scope.tenantId, whole)).length)
        retiring = await repo.retiring(scope.tenantId);
      const newest = retiring[0];
      if (!newest) return null;
      const left = scope.groupIds ? await rotations.notEscrowedByPresence(scope, clock()) : whole;
      return {
        fromId: newest.id,
        startedAt: (newest.retiringAt ?? newest.createdAt).toISOString(),
        progress: { done: Math.max(0, escrow.devicesWithKeys - escrow.notEscrowed), ...left },
      };
    },
  };
}
