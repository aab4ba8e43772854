import { Spin, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import { buildGroupTree, groupTreeOptions } from '../../admin-common/lib/group-tree.ts';

const ALL = '__all__';

interface GroupTreePanelProps {
  selected: string | undefined;
  onSelect: (groupId: string | undefined) => void;
}

/** The group tree beside the user table: picking a group filters the users. */
export function GroupTreePanel({ selected, onSelect }: GroupTreePanelProps) {
  const { t } = useTranslation('adminOrg');
  const groups = useGroupList();
  if (groups.isLoading) return <Spin />;
  const treeData = [
    {
      key: ALL,
      title: t('users.allGroups'),
      children: groupTreeOptions(buildGroupTree(groups.data?.list ?? [])),
    },
  ];
  return (
    <nav aria-label={t('users.groupTree')}>
      <Tree
        blockNode
        defaultExpandAll
        treeData={treeData}
        selectedKeys={[selected ?? ALL]}
        onSelect={(keys) => {
          const key = keys[0] as string | undefined;
          onSelect(key === ALL || key === undefined ? undefined : key);
        }}
      />
    </nav>
  );
}
