import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { TGroupItem } from '@edp/shared/contracts/user';
import type { GroupNode } from '../../admin-common/lib/group-tree.ts';
import type { GroupEditing } from './group-form-modal.tsx';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';

interface ColumnDeps {
  t: TFunction<'adminOrg'>;
  ta: TFunction<'admin'>;
  names: Map<string, string>;
  canWrite: boolean;
  onEdit: (editing: GroupEditing) => void;
  onEscrow: (group: TGroupItem) => void;
  onDelete: (group: TGroupItem) => Promise<unknown>;
}

/** Columns of the group tree table; the action column only for a writable role. */
export function groupColumns({
  t,
  ta,
  names,
  canWrite,
  onEdit,
  onEscrow,
  onDelete,
}: ColumnDeps): ColumnsType<GroupNode> {
  const columns: ColumnsType<GroupNode> = [
    { title: t('groups.name'), dataIndex: 'name' },
    { title: t('groups.number'), dataIndex: 'number' },
    { title: t('groups.level'), dataIndex: 'level' },
    {
      title: t('groups.parent'),
      dataIndex: 'parentId',
      render: (id: string | null) => (id ? names.get(id) : '—'),
    },
    { title: t('groups.leader'), dataIndex: 'leader' },
    { title: t('groups.users'), dataIndex: 'userCount' },
    {
      title: t('groups.escrow'),
      dataIndex: 'escrow',
      render: (e: TGroupItem['escrow']) =>
        e
          ? t('groups.escrowTo', {
              group: names.get(e.toGroupId) ?? '',
              mode: t(`groups.${e.mode}`),
            })
          : t('groups.none'),
    },
  ];
  if (!canWrite) return columns;
  const link = (label: string, name: string, onClick: () => void) => (
    <Button type="link" size="small" aria-label={`${label} ${name}`} onClick={onClick}>
      {label}
    </Button>
  );
  columns.push({
    title: ta('actions.actions'),
    key: 'actions',
    render: (_, g) => (
      <Space size={0} wrap>
        {link(t('groups.addChild'), g.name, () => onEdit({ mode: 'add', parent: g }))}
        {link(ta('actions.edit'), g.name, () => onEdit({ mode: 'edit', group: g }))}
        {link(t('groups.escrow'), g.name, () => onEscrow(g))}
        <ConfirmDeleteButton label={g.name} name={g.name} onConfirm={() => onDelete(g)} />
      </Space>
    ),
  });
  return columns;
}
