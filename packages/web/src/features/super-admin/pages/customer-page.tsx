import { Descriptions, Result, Skeleton, Tabs, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { TCustomerDetail } from '@edp/shared/contracts/customers';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useCustomer } from '../api/customers.ts';
import {
  CustomerAudit,
  CustomerBalance,
  CustomerEngines,
  CustomerLicences,
  CustomerRequests,
} from '../components/customer-tabs.tsx';
import { TenantStatus } from '../components/tenant-status.tsx';
import { LicenceCounts } from '../components/licence-counts.tsx';
import '../components/vendor-texts.ts';
import '../../admin-common/components/console-parts.css';

type TenantOfCustomer = TCustomerDetail['tenants'][number];

/**
 * One customer (/sa/customers/:id): its company, balance and licences at a glance, the console
 * tenants linked to it, and in tabs its engines by kind and version, licences, balance history,
 * support requests and the vendor's changes in its tenants.
 */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('vendor');
  const { t: tm } = useTranslation('menu');
  const query = useCustomer(id);
  const c = query.data;
  const back = <Link to="/sa/customers">{t('customer.back')}</Link>;

  if (query.isError) {
    return (
      <PageContainer title={tm('saCustomer')} extra={back}>
        <LoadError
          title={t('customer.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </PageContainer>
    );
  }
  if (!c) {
    return (
      <PageContainer title={tm('saCustomer')} extra={back}>
        <Skeleton active />
      </PageContainer>
    );
  }
  const tenantColumns: TableProps<TenantOfCustomer>['columns'] = [
    { title: t('tenants.domain'), dataIndex: 'domain' },
    { title: t('tenants.sysName'), dataIndex: 'sysName', render: (v: string) => v || '—' },
    {
      title: t('tenants.status'),
      dataIndex: 'status',
      render: (s: TenantOfCustomer['status']) => <TenantStatus status={s} />,
    },
    {
      title: t('tenants.keyInitialised'),
      dataIndex: 'keyInitialised',
      render: (v: boolean) => t(v ? 'tenants.keyYes' : 'tenants.keyNo'),
    },
    { title: t('tenants.createdAt'), dataIndex: 'createdAt', render: formatTime },
  ];
  return (
    <PageContainer title={c.company} extra={back}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('customers.email')}>{c.email}</Descriptions.Item>
        <Descriptions.Item label={t('customers.contact')}>{c.contact || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('customers.phone')}>{c.phone || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('customers.createdAt')}>
          {formatTime(c.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('customers.balance')}>{c.balance}</Descriptions.Item>
        <Descriptions.Item label={t('customers.licences')}>
          <LicenceCounts c={c} />
        </Descriptions.Item>
        <Descriptions.Item label={t('customers.keys')}>
          {c.tenants.length ? t(c.keyInitialised ? 'tenants.keyYes' : 'tenants.keyNo') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('customers.engines')}>{c.engineCount}</Descriptions.Item>
      </Descriptions>
      <h2 className="task-detail__section">{t('customer.tenants')}</h2>
      {c.tenants.length ? (
        <ListTable<TenantOfCustomer>
          plain
          rowKey="id"
          columns={tenantColumns}
          dataSource={c.tenants}
        />
      ) : (
        <Result status="info" subTitle={t('customer.noTenantsHint')} />
      )}
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: 'engines',
            label: t('customer.enginesTab'),
            children: <CustomerEngines engines={c.engines} />,
          },
          {
            key: 'licences',
            label: t('customer.licencesTab'),
            children: <CustomerLicences companyId={c.id} />,
          },
          {
            key: 'balance',
            label: t('customer.balanceTab'),
            children: <CustomerBalance companyId={c.id} />,
          },
          {
            key: 'requests',
            label: t('customer.requestsTab'),
            children: <CustomerRequests companyId={c.id} name={c.company} />,
          },
          {
            key: 'audit',
            label: t('customer.auditTab'),
            children: <CustomerAudit tenants={c.tenants} />,
          },
        ]}
      />
    </PageContainer>
  );
}
