import { Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-table.tsx';
import { useVersionUsers, type VersionRow } from '../api/versions.ts';

type User = { companyId: string; company: string; engines: number };

/** The customers whose running engines report a version, most engines first (a withdrawn one's too). */
export function VersionUsersDrawer({
  version,
  onClose,
}: {
  version: VersionRow | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('vendor');
  const query = useVersionUsers(version?.id);
  return (
    <Drawer
      open={!!version}
      onClose={onClose}
      size="large"
      title={version && t('versions.usersTitle', { engine: version.kind, number: version.number })}
    >
      {version?.state === 'withdrawn' && (
        <Typography.Paragraph>{t('versions.withdrawnUsers')}</Typography.Paragraph>
      )}
      <ListTable<User>
        plain
        rowKey="companyId"
        dataSource={query.data?.list}
        loading={query.isFetching}
        emptyText={t('versions.noUsers')}
        columns={[
          {
            title: t('customers.company'),
            dataIndex: 'company',
            render: (name: string, u) => <Link to={`/sa/customers/${u.companyId}`}>{name}</Link>,
          },
          { title: t('versions.engines'), dataIndex: 'engines', align: 'right' },
        ]}
      />
    </Drawer>
  );
}
