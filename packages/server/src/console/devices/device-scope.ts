import semver from 'semver';
import type { TDeviceFilter } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { CommonErr } from '@edp/shared/errors';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { Actor } from '../access/index.ts';
import { groupReadModel } from '../store/index.ts';
import { visibleGroupIds } from '../access/index.ts';
import { deviceRepository } from './device-repository.ts';
import { installerReadModel, type DeviceScope } from '../store/index.ts';

/**
 * The groups whose devices an actor sees: null for all; else the subtrees of the role's groups,
 * plus the groups escrowed to one of them (docs/console.md "Escrow").
 */
export async function visibleDeviceGroups(db: Db, actor: Actor): Promise<string[] | null> {
  const visible = await visibleGroupIds(db, actor);
  if (visible === null) return null;
  const escrowed = await groupReadModel(db).escrowedInto(actor.tenantId, visible);
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
  const groups = groupReadModel(db);
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
  const group = await groupReadModel(db).findById(actor.tenantId, groupId);
  if (!group || (visible && !visible.includes(groupId))) throw new AppError(CommonErr.NotFound);
  return group;
}

/**
 * The (kind, version) pairs of a tenant's running devices that are older than the newest
 * version of their kind: among its installers of that kind and `served`, the engine this
 * console serves (any kind). Versions are compared as semver (`1.2` reads as `1.2.0`); one that
 * does not read as a version is never called outdated.
 */
export async function outdatedVersions(db: Db, tenantId: string, served: string) {
  const newest = new Map<string, string>();
  const consider = (kind: string, version: string) => {
    const v = semver.coerce(version)?.version;
    const held = newest.get(kind);
    if (v && (!held || semver.gt(v, held))) newest.set(kind, v);
  };
  for (const i of await installerReadModel(db).versions(tenantId)) consider(i.kind, i.version);
  const pairs = await deviceRepository(db).versions(tenantId);
  if (served) for (const kind of new Set(pairs.map((p) => p.kind))) consider(kind, served);
  return pairs.filter((p) => {
    const v = semver.coerce(p.version)?.version;
    const top = newest.get(p.kind);
    return v !== undefined && top !== undefined && semver.lt(v, top);
  });
}

/**
 * The scope of a list, an export, a bulk action or a task: the caller's visible groups (found
 * once), narrowed to a filter's group, and the filter's other conditions as the store reads
 * them (`outdated` as the pairs it means).
 */
export async function deviceScope(
  db: Db,
  actor: Actor,
  opts: {
    status: DeviceStatus;
    now: number;
    filter?: TDeviceFilter | undefined;
    ids?: string[] | undefined;
    visible?: string[] | null;
    /** The version of the engine this console serves ('' if none). */
    servedVersion: () => Promise<string>;
  },
): Promise<DeviceScope> {
  const visible = opts.visible !== undefined ? opts.visible : await visibleDeviceGroups(db, actor);
  const { filter, ids } = opts;
  return {
    tenantId: actor.tenantId,
    status: opts.status,
    groupIds: filter ? await groupsOfFilter(db, actor, visible, filter) : visible,
    now: opts.now,
    ...(filter ? { filter } : {}),
    ...(ids ? { ids } : {}),
    ...(filter?.outdated
      ? { outdated: await outdatedVersions(db, actor.tenantId, await opts.servedVersion()) }
      : {}),
  };
}
