import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TReleasedVersion } from '@edp/shared/contracts/product-versions';
import { ListTable } from '../../../components/list-table.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useReleasedVersions } from '../api/installers.ts';

/**
 * The versions the vendor has released (docs/portal.md "Product versions"), newest first, with
 * their notes in the page's language: what the tenant may install next. Drafts, versions in
 * testing and withdrawn ones are never offered.
 */
export function ReleasedVersions() {
  const { t } = useTranslation('adminInstallers');
  const query = useReleasedVersions();
  return (
    <Card
      title={<h2 className="installer-enrol__title">{t('released.title')}</h2>}
      style={{ marginTop: 24 }}
    >
      <p>{t('released.intro')}</p>
      <ListTable<TReleasedVersion>
        rowKey={(v) => `${v.kind}/${v.systemType}/${v.number}`}
        dataSource={query.data?.list}
        loading={query.isFetching}
        emptyText={query.isError ? t('released.loadFailed') : t('released.empty')}
        columns={[
          { title: t('columns.kind'), dataIndex: 'kind' },
          { title: t('columns.systemVersion'), dataIndex: 'systemType' },
          { title: t('columns.version'), dataIndex: 'number', className: 'admin-table__name' },
          { title: t('released.releasedAt'), dataIndex: 'releasedAt', render: formatTime },
          {
            title: t('released.notes'),
            dataIndex: 'notes',
            render: (notes: string) =>
              notes ? (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {notes}
                </Typography.Paragraph>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}
