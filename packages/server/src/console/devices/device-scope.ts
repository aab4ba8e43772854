import { CommonErr } from '@edp/shared/errors';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Actor } from '../access/index.ts';
import { groupRepository } from '../store/index.ts';
import { visibleGroupIds } from '../access/index.ts';
import { deviceRepository } from '../store/index.ts';

/**
 * The groups whose devices an actor sees: null for all; else the subtrees of the role's groups,
 * plus the groups escrowed to one of them (docs/console.md "Escrow").
 */
export async function visibleDeviceGroups(db: Db, actor: Actor): Promise<string[] | null> {
  const visible = await visibleGroupIds(db, actor);
  if (visible === null) return null;
  const escrowed = await deviceRepository(db).escrowedInto(actor.tenantId, visible);
  return [...new Set([...visible, ...escrowed])];
}

/**
 * The groups a list or bulk action covers: the visible ones, narrowed to a filter's group (and
 * its subgroups). A group the caller cannot see answers 404, as an unknown one does.
 */
export async function groupsOfFilter(
  db: Db,
  actor: Actor,
  visible: string[] | null,
  filter: { groupId?: string | undefined; subgroups?: boolean | undefined },
): Promise<string[] | null> {
  if (!filter.groupId) return visible;
  const groups = groupRepository(db);
  const group = await groups.findById(actor.tenantId, filter.groupId);
  if (!group || (visible && !visible.includes(group.id))) throw new AppError(CommonErr.NotFound);
  const ids =
    filter.subgroups === false ? [group.id] : await groups.subtreeIds(actor.tenantId, [group]);
  return visible ? ids.filter((id) => visible.includes(id)) : ids;
}

/**
 * A group of the caller's tenant among the groups whose devices they see (`visible`, null: all),
 * or 404, as an unknown group answers.
 */
export async function groupInScope(
  db: Db,
  actor: Actor,
  groupId: string,
  visible: string[] | null,
) {
  const group = await groupRepository(db).findById(actor.tenantId, groupId);
  if (!group || (visible && !visible.includes(groupId))) throw new AppError(CommonErr.NotFound);
  return group;
}
