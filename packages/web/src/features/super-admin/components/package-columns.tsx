import { Button, Popconfirm, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TPackage } from '@edp/shared/contracts/vendor';
import { formatTime } from '../../../lib/format.ts';
import { useDeletePackage } from '../api/delete-package.ts';

interface PackageColumnsProps {
  onEdit: (pkg: TPackage) => void;
  onCodes: (pkg: TPackage) => void;
}

/** Recharge packages' columns, with edit, generate-codes and (confirmed) delete actions. */
export function usePackageColumns({
  onEdit,
  onCodes,
}: PackageColumnsProps): TableProps<TPackage>['columns'] {
  const { t } = useTranslation('vendor');
  const { t: tc } = useTranslation('common');
  const remove = useDeletePackage();
  return [
    { title: t('packages.name'), dataIndex: 'name' },
    { title: t('packages.months'), dataIndex: 'months', align: 'right' },
    { title: t('packages.codesIssued'), dataIndex: 'codesIssued', align: 'right' },
    { title: t('packages.codesUsed'), dataIndex: 'codesUsed', align: 'right' },
    { title: t('packages.createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('packages.actions'),
      key: 'actions',
      render: (_, pkg) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onCodes(pkg)}>
            {t('packages.codes')}
          </Button>
          <Button type="link" size="small" onClick={() => onEdit(pkg)}>
            {t('packages.edit')}
          </Button>
          <Popconfirm
            title={t('packages.deleteConfirm', { name: pkg.name })}
            description={t('packages.deleteHint')}
            okText={t('packages.delete')}
            okButtonProps={{ danger: true }}
            cancelText={tc('actions.cancel')}
            onConfirm={() =>
              remove.mutateAsync({ id: pkg.id, successText: t('packages.deleted') }).catch(() => {})
            }
          >
            <Button type="link" size="small" danger>
              {t('packages.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
