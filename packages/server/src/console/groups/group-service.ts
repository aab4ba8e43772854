import type { Platform } from '../../platform/platform.ts';
import type { z } from 'zod';
import type { TGroupItem, ZGroupAdd, ZGroupEdit, ZGroupEscrow } from '@edp/shared/contracts/user';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { deviceReadModel, roleReadModel, userReadModel, type GroupRow } from '../store/index.ts';
import { groupRepository } from './group-repository.ts';
import type { Db } from '../../platform/db/index.ts';
import { canSee, visibleGroupIds } from '../access/index.ts';

const summary = (g: GroupRow) => ({
  name: g.name,
  number: g.number,
  parentId: g.parentId,
  leader: g.leader,
});

/**
 * What the device centre is told (its pages show group names and follow escrow), and what the
 * users module does for a group (`console_users` is theirs): services.ts wires both.
 */
export interface GroupDeps {
  /** A group's name or escrow changed: device pages kept for the tenant are stale. */
  devicesChanged: (tenantId: string) => void;
  /** Deleted users let go of a group being deleted, in the groups module's transaction `tx`. */
  releaseGroup: (tx: Db, tenantId: string, groupId: string) => Promise<void>;
}

/** The group tree: unique names, no deleting a group in use, escrow of devices (docs/product.md §5, §6). */
export function groupService({
  db,
  audit,
  devicesChanged,
  releaseGroup,
}: Pick<Platform, 'db'> & { audit: AuditService } & GroupDeps) {
  const groups = groupRepository(db);
  const devices = deviceReadModel(db);
  const roles = roleReadModel(db);
  const users = userReadModel(db);

  async function visibleGroup(caller: Caller, id: string): Promise<GroupRow> {
    const group = await groups.findById(caller.actor.tenantId, id);
    const visible = await visibleGroupIds(db, caller.actor);
    if (!group || !canSee(visible, id)) throw new AppError(CommonErr.NotFound);
    return group;
  }

  return {
    async list(caller: Caller): Promise<{ list: TGroupItem[] }> {
      const visible = await visibleGroupIds(db, caller.actor);
      const rows = await groups.all(caller.actor.tenantId);
      const list = rows
        .filter((r) => canSee(visible, r.group.id))
        .map(({ group, userCount, escrowTo, escrowMode }) => ({
          id: group.id,
          name: group.name,
          number: group.number,
          level: group.level,
          parentId: group.parentId,
          leader: group.leader,
          userCount,
          escrow: escrowTo && escrowMode ? { toGroupId: escrowTo, mode: escrowMode } : null,
        }));
      return { list };
    },

    async add(caller: Caller, input: z.infer<typeof ZGroupAdd>) {
      const tenantId = caller.actor.tenantId;
      const visible = await visibleGroupIds(db, caller.actor);
      // A caller limited to some groups may add subgroups only under them.
      if (!input.parentId && visible !== null) throw new AppError(CommonErr.Forbidden);
      const parent = input.parentId ? await visibleGroup(caller, input.parentId) : undefined;
      if (await groups.nameTaken(tenantId, input.name))
        throw new AppError(ConsoleErr.GroupNameExists);
      const id = await groups.insert(
        {
          tenantId,
          name: input.name,
          number: input.number ?? '',
          leader: input.leader ?? '',
          level: (parent?.level ?? 0) + 1,
          parentId: parent?.id ?? null,
        },
        parent?.path ?? '/',
      );
      await audit.change(caller, { target: input.name, after: input });
      return { id };
    },

    async edit(caller: Caller, input: z.infer<typeof ZGroupEdit>) {
      const group = await visibleGroup(caller, input.id);
      if (input.name && (await groups.nameTaken(group.tenantId, input.name, group.id))) {
        throw new AppError(ConsoleErr.GroupNameExists);
      }
      const { id, ...values } = input;
      await groups.update(group.tenantId, id, values);
      devicesChanged(group.tenantId);
      await audit.change(caller, {
        target: group.name,
        before: summary(group),
        after: { ...summary(group), ...values },
      });
    },

    /** docs/product.md §5: a group with subgroups, devices, roles (or users) cannot be deleted. */
    async del(caller: Caller, id: string) {
      const group = await visibleGroup(caller, id);
      const [children, roleCount, userCount] = await Promise.all([
        groups.countChildren(id),
        roles.countTiedTo(id),
        users.countInGroup(id),
      ]);
      if (children > 0) throw new AppError(ConsoleErr.GroupHasChildren);
      if (roleCount > 0 || (await devices.countInGroup(group.tenantId, id)) > 0) {
        throw new AppError(ConsoleErr.GroupInUse);
      }
      if (userCount > 0) throw new AppError(ConsoleErr.GroupHasUsers);
      await groups.delete(group.tenantId, id, (tx) => releaseGroup(tx, group.tenantId, id));
      await audit.change(caller, { target: group.name, before: summary(group) });
    },

    /**
     * Escrows a group's devices to another group: `tiered` to one of its ancestors, `sibling`
     * to a group with the same parent. A group has at most one escrow; a new one replaces it.
     */
    async escrow(caller: Caller, input: z.infer<typeof ZGroupEscrow>) {
      const group = await visibleGroup(caller, input.id);
      const target = await visibleGroup(caller, input.toGroupId);
      const fits =
        target.id !== group.id &&
        (input.mode === 'tiered'
          ? group.path.startsWith(target.path)
          : group.parentId === target.parentId);
      if (!fits) throw new AppError(ConsoleErr.EscrowTarget);
      const before = await groups.escrowOf(group.id);
      await groups.setEscrow(group.tenantId, group.id, target.id, input.mode);
      devicesChanged(group.tenantId);
      await audit.change(caller, {
        target: group.name,
        before: before ? { toGroupId: before.toGroupId, mode: before.mode } : null,
        after: { toGroupId: target.id, toGroupName: target.name, mode: input.mode },
      });
    },

    async cancelEscrow(caller: Caller, id: string) {
      const group = await visibleGroup(caller, id);
      const before = await groups.escrowOf(group.id);
      if (!before) throw new AppError(CommonErr.NotFound);
      await groups.deleteEscrow(group.tenantId, group.id);
      devicesChanged(group.tenantId);
      await audit.change(caller, {
        target: group.name,
        before: { toGroupId: before.toGroupId, mode: before.mode },
      });
    },
  };
}
export type GroupService = ReturnType<typeof groupService>;
