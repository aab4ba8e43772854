import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addGroup } from '@edp/shared/api/console/groups.calls';
import type { TGroupItem } from '@edp/shared/contracts/user';
import { ListPage } from '../../../components/list-page.tsx';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { buildGroupTree, type GroupNode } from '../../admin-common/lib/group-tree.ts';
import { useDeleteGroup } from '../api/delete-group.ts';
import { EscrowModal } from '../components/escrow-modal.tsx';
import { groupColumns } from '../components/group-columns.tsx';
import { GroupFormModal, type GroupEditing } from '../components/group-form-modal.tsx';

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
    <ListPage<GroupNode>
      title={tm('adminGroups')}
      add={{ label: t('groups.addTop'), onClick: () => setEditing({ mode: 'add' }) }}
      readOnly={!canWrite && ta('readOnly')}
      query={groups}
      rows={buildGroupTree(list)}
      columns={columns}
      emptyText={t('groups.empty')}
      table={{
        expandable: {
          expandedRowKeys: list.filter((g) => !folded.has(g.id)).map((g) => g.id),
          onExpand: (open, g) =>
            setFolded((f) => {
              const next = new Set(f);
              if (open) next.delete(g.id);
              else next.add(g.id);
              return next;
            }),
        },
      }}
    >
      <GroupFormModal editing={editing} onClose={() => setEditing(undefined)} />
      <EscrowModal group={escrowing} groups={list} onClose={() => setEscrowing(undefined)} />
    </ListPage>
  );
}
