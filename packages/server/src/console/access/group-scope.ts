import type { Db } from '../../platform/db/index.ts';
import type { Actor } from './actor.ts';
import { groupReadModel } from '../store/index.ts';

/**
 * The groups an actor may see: null for all; else the subtrees of the groups tied to the
 * actor's roles (docs/console.md "associated groups").
 */
export async function visibleGroupIds(db: Db, actor: Actor): Promise<string[] | null> {
  if (actor.scopeGroupIds === null) return null;
  const repo = groupReadModel(db);
  const roots = await repo.findByIds(actor.tenantId, actor.scopeGroupIds);
  return repo.subtreeIds(actor.tenantId, roots);
}

export function canSee(visible: string[] | null, groupId: string | null): boolean {
  return visible === null || (groupId !== null && visible.includes(groupId));
}
