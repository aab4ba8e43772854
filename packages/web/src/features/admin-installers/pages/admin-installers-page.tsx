import { useState } from 'react';
import { Button, Input, Select, Space, Tooltip, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { uploadInstaller } from '@edp/shared/api/console/installers.calls';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import type { TInstallerItem } from '@edp/shared/contracts/installers';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { ConfirmDeleteButton } from '../../admin-common/components/confirm-delete-button.tsx';
import { useAdminUser, useMayCall } from '../../admin-common/lib/admin-user.ts';
import { downloadInstallerFile, useDeleteInstaller, useInstallerList } from '../api/installers.ts';
import { EnrolPanel } from '../components/enrol-panel.tsx';
import { ReleasedVersions } from '../components/released-versions.tsx';
import { UploadModal } from '../components/upload-modal.tsx';
import '../components/admin-installers.css';
import { formatSize } from '../lib/installer-file.ts';
import '../lib/installer-locales.ts';

/**
 * Installers and versions (security operator): where they and the engine are downloaded from,
 * upload with the file checked first, list with SHA-256, download, delete, and the commands that
 * install one and enrol its engine.
 */
export default function AdminInstallersPage() {
  const { t } = useTranslation('adminInstallers');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const user = useAdminUser();
  const canWrite = useMayCall(uploadInstaller);
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<EngineKind>();
  const [uploading, setUploading] = useState(false);
  const list = useInstallerList({
    ...paging.params,
    ...(keyword ? { keyword } : {}),
    ...(kind ? { kind } : {}),
  });
  const remove = useDeleteInstaller();

  const columns: ColumnsType<TInstallerItem> = [
    { title: t('columns.name'), dataIndex: 'name', className: 'admin-table__name' },
    { title: t('columns.version'), dataIndex: 'version', className: 'admin-table__name' },
    { title: t('columns.kind'), dataIndex: 'kind' },
    { title: t('columns.systemVersion'), dataIndex: 'systemVersion' },
    { title: t('columns.size'), dataIndex: 'size', render: (n: number) => formatSize(n) },
    {
      title: t('columns.sha256'),
      dataIndex: 'sha256',
      render: (sha: string) => (
        <Tooltip title={sha}>
          <Typography.Text className="installer-sha" copyable={{ text: sha }}>
            {sha.slice(0, 12)}
          </Typography.Text>
        </Tooltip>
      ),
    },
    { title: t('columns.uploader'), dataIndex: 'uploader' },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      render: (iso: string) => formatTime(iso),
    },
    {
      title: ta('actions.actions'),
      className: 'admin-table__actions',
      render: (_, i) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            aria-label={t('downloadLabel', { name: i.fileName })}
            onClick={() =>
              user &&
              void downloadInstallerFile(user.tenantId, i.id, i.fileName).catch(() => undefined)
            }
          >
            {t('download')}
          </Button>
          {canWrite && (
            <ConfirmDeleteButton
              label={`${i.name} ${i.version}`}
              name={`${i.name} ${i.version}`}
              onConfirm={() => remove.mutateAsync(i.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage<TInstallerItem>
      title={tm('adminInstallers')}
      intro={t('where')}
      add={{ label: t('upload'), icon: <UploadOutlined />, onClick: () => setUploading(true) }}
      readOnly={!canWrite && t('readOnly')}
      filters={
        <>
          <Input.Search
            allowClear
            aria-label={t('filters.keyword')}
            placeholder={t('filters.keyword')}
            maxLength={64}
            onSearch={(value) => {
              setKeyword(value.trim());
              paging.reset();
            }}
            style={{ width: 260 }}
          />
          <Select<EngineKind>
            allowClear
            aria-label={t('filters.kind')}
            placeholder={t('filters.allKinds')}
            value={kind}
            onChange={(value) => {
              setKind(value);
              paging.reset();
            }}
            options={ENGINE_KINDS.map((k) => ({ value: k, label: k }))}
            style={{ width: 180 }}
          />
        </>
      }
      query={list}
      paging={paging}
      columns={columns}
      emptyText={keyword || kind ? t('emptyFiltered') : t('empty')}
      table={{
        expandable: {
          rowExpandable: (i) => !!i.description,
          expandedRowRender: (i) => i.description,
        },
      }}
    >
      {!!list.data?.list.length && <EnrolPanel installers={list.data.list} />}
      <ReleasedVersions />
      <UploadModal open={uploading} onClose={() => setUploading(false)} />
    </ListPage>
  );
}
