import type { TGroupItem } from '@edp/shared/contracts/user';

export interface GroupNode extends TGroupItem {
  children?: GroupNode[];
}

/** The flat group list (parents first) as a tree; a group whose parent is hidden is a root. */
export function buildGroupTree(list: readonly TGroupItem[]): GroupNode[] {
  const nodes = new Map<string, GroupNode>(list.map((g) => [g.id, { ...g }]));
  const roots: GroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export interface TreeOption {
  value: string;
  title: string;
  key: string;
  children?: TreeOption[];
}

/** TreeSelect / Tree data from the group tree. */
export function groupTreeOptions(nodes: readonly GroupNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.id,
    key: n.id,
    title: n.name,
    ...(n.children ? { children: groupTreeOptions(n.children) } : {}),
  }));
}

/** Groups that may take `group`'s escrow in `mode`: its ancestors, or its siblings. */
export function escrowTargets(
  list: readonly TGroupItem[],
  group: TGroupItem,
  mode: 'tiered' | 'sibling',
): TGroupItem[] {
  if (mode === 'sibling') {
    return list.filter((g) => g.id !== group.id && g.parentId === group.parentId);
  }
  const byId = new Map(list.map((g) => [g.id, g]));
  const ancestors: TGroupItem[] = [];
  let parent = group.parentId ? byId.get(group.parentId) : undefined;
  while (parent) {
    ancestors.push(parent);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return ancestors;
}
