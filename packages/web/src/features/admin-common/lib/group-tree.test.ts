import { describe, expect, it } from 'vitest';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { buildGroupTree, escrowTargets, groupTreeOptions } from './group-tree.ts';

const g = (id: string, parentId: string | null): TGroupItem => ({
  id,
  name: id,
  number: '',
  level: 1,
  parentId,
  leader: '',
  userCount: 0,
  escrow: null,
});
const list = [g('a', null), g('b', 'a'), g('c', 'a'), g('d', 'b'), g('x', 'hidden')];

describe('group tree', () => {
  it('nests children under parents; a group with a hidden parent is a root', () => {
    const tree = buildGroupTree(list);
    expect(tree.map((n) => n.id)).toEqual(['a', 'x']);
    expect(tree[0]!.children!.map((n) => n.id)).toEqual(['b', 'c']);
    expect(groupTreeOptions(tree)[0]!.children![0]!.children![0]!.value).toBe('d');
  });

  it('offers ancestors for tiered and same-parent groups for sibling escrow', () => {
    expect(escrowTargets(list, g('d', 'b'), 'tiered').map((t) => t.id)).toEqual(['b', 'a']);
    expect(escrowTargets(list, g('b', 'a'), 'sibling').map((t) => t.id)).toEqual(['c']);
  });
});
