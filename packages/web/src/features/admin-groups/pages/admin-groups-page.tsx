import { useState } from 'react';
import { Alert, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { ListTable } from '../../admin-common/components/list-table.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { buildGroupTree, type GroupNode } from '../../admin-common/lib/group-tree.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { EscrowModal } from '../components/escrow-modal.tsx';
import { groupColumns } from '../components/group-columns.tsx';
import { GroupFormModal, type GroupEditing } from '../components/group-form-modal.tsx';
import { addGroup } from '@edp/shared/api/console/groups.calls';

/** Groups: a tree table; the system duty adds, edits, deletes and escrows, others only read. */
export default function AdminGroupsPage() {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addGroup);
  const groups = useGroupList();
  const del = useDeleteGroup();
  const [editing, setEditing] = useState<GroupEditing>();
  const [escrowing, setEscrowing] = useState<TGroupItem>();
  // Rows start expanded, new subgroups included; the user may fold some.
  const [folded, setFolded] = useState<ReadonlySet<string>>(new Set());
  const list = groups.data?.list ?? [];
  const names = new Map(list.map((g) => [g.id, g.name]));
  const columns = groupColumns({
    t,
    ta,
    names,
    canWrite,
    onEdit: setEditing,
    onEscrow: setEscrowing,
    onDelete: (g) => del.mutateAsync({ id: g.id }),
  });

  return (
    <PageContainer
      title={tm('adminGroups')}
      extra={
        canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'add' })}
          >
            {t('groups.addTop')}
          </Button>
        )
      }
    >
      {!canWrite && (
        <Alert type="info" showIcon title={ta('readOnly')} style={{ marginBottom: 16 }} />
      )}
      {groups.isSuccess && (
        <ListTable<GroupNode>
          columns={columns}
          dataSource={buildGroupTree(list)}
          expandable={{
            expandedRowKeys: list.filter((g) => !folded.has(g.id)).map((g) => g.id),
            onExpand: (open, g) =>
              setFolded((f) => {
                const next = new Set(f);
                if (open) next.delete(g.id);
                else next.add(g.id);
                return next;
              }),
          }}
          emptyText={t('groups.empty')}
        />
      )}
      {groups.isLoading && <ListTable<GroupNode> loading columns={columns} dataSource={[]} />}
      <GroupFormModal editing={editing} onClose={() => setEditing(undefined)} />
      <EscrowModal group={escrowing} groups={list} onClose={() => setEscrowing(undefined)} />
    </PageContainer>
  );
}
