import { useState } from 'react';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useRoleName } from '../../admin-common/lib/role-name.ts';
import { proxyState } from '../../admin-common/lib/date-range.ts';
import { useDeleteProxy } from '../api/delete-proxy.ts';
import { useProxyList, type TProxyItem } from '../api/get-proxy-list.ts';
import { ProxyFormModal } from '../components/proxy-form-modal.tsx';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import { addProxy } from '@edp/shared/api/console/proxies.calls';

const STATE_COLOR = { active: TAG.ok, expired: TAG.muted, pending: TAG.info } as const;

/** Proxies (system duty): who acts with which role, when; active, not started or expired. */
export default function AdminProxiesPage() {
  const { t } = useTranslation('adminOrg');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(addProxy);
  const paging = usePaging();
  const [editing, setEditing] = useState<TProxyItem | 'new'>();
  const list = useProxyList(paging.params);
  const del = useDeleteProxy();
  const roleName = useRoleName();

  const columns: ColumnsType<TProxyItem> = [
    { title: t('proxies.user'), key: 'user', render: (_, p) => `${p.userName} (${p.account})` },
    {
      title: t('proxies.role'),
      dataIndex: 'roleName',
      render: (name: string, p) => roleName({ name, key: p.roleKey }),
    },
    { title: t('proxies.start'), dataIndex: 'startAt', render: formatTime },
    { title: t('proxies.end'), dataIndex: 'endAt', render: formatTime },
    {
      title: t('proxies.status'),
      key: 'status',
      render: (_, p) => {
        const state = proxyState(p.startAt, p.endAt);
        return <Tag color={STATE_COLOR[state]}>{t(`proxies.${state}`)}</Tag>;
      },
    },
  ];
  if (canWrite)
    columns.push({
      title: ta('actions.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, p) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            aria-label={`${ta('actions.edit')} ${p.account}`}
            onClick={() => setEditing(p)}
          >
            {ta('actions.edit')}
          </Button>
          <ConfirmDeleteButton
            label={p.account}
            name={`${p.account} → ${roleName({ name: p.roleName, key: p.roleKey })}`}
            onConfirm={() => del.mutateAsync({ id: p.id })}
          />
        </Space>
      ),
    });

  return (
    <ListPage<TProxyItem>
      title={tm('adminProxies')}
      add={{ label: ta('actions.add'), onClick: () => setEditing('new') }}
      readOnly={!canWrite && ta('readOnly')}
      query={list}
      paging={paging}
      columns={columns}
    >
      <ProxyFormModal
        open={!!editing}
        proxy={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
      />
    </ListPage>
  );
}
