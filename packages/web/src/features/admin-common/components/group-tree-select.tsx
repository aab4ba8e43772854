import { TreeSelect } from 'antd';
import { useGroupList } from '../api/get-group-list.ts';
import { buildGroupTree, groupTreeOptions } from '../lib/group-tree.ts';
import { NoGroupsHint } from './no-groups-hint.tsx';

interface GroupTreeSelectProps {
  id?: string;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  multiple?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

/** The tenant's groups as a tree to pick one (or several) from; used inside antd Form items. */
export function GroupTreeSelect({ multiple, value, onChange, ...rest }: GroupTreeSelectProps) {
  const groups = useGroupList();
  return (
    <TreeSelect
      {...rest}
      value={value ?? undefined}
      onChange={(v: string | string[] | undefined) => onChange?.(v ?? null)}
      treeData={groupTreeOptions(buildGroupTree(groups.data?.list ?? []))}
      loading={groups.isLoading}
      multiple={multiple}
      treeCheckable={multiple}
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      // Not antd's "no data": with no group at all, who makes one (the search finding none
      // keeps antd's text).
      notFoundContent={groups.data?.list.length === 0 ? <NoGroupsHint /> : undefined}
      style={{ width: '100%' }}
    />
  );
}
