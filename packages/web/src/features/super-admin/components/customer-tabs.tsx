import { useState } from 'react';
import { Select, Space, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TLicenceItem, TLicenceStatus } from '@edp/shared/contracts/com';
import type { TCustomerDetail } from '@edp/shared/contracts/customers';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { LicenceStatusTag } from '../../../components/licence-status-tag.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { BalanceHistoryTable } from '../../balance/parts/balance-history-table.tsx';
import { useRequests, type RequestRow } from '../../support-requests/api/requests.ts';
import { RequestTags } from '../../support-requests/parts/request-tags.tsx';
import '../../support-requests/lib/request-texts.ts';
import { useCustomerBalance, useCustomerLicences } from '../api/customers.ts';
import { useVendorAudit, type VendorAuditRow } from '../api/get-vendor-audit.ts';

/** The running engines of the customer's tenants by kind and version. */
export function CustomerEngines({ engines }: { engines: TCustomerDetail['engines'] }) {
  const { t } = useTranslation('vendor');
  return (
    <ListTable
      plain
      rowKey={(e) => `${e.kind}/${e.version}`}
      dataSource={engines}
      emptyText={t('customer.noEngines')}
      columns={[
        { title: t('customer.kind'), dataIndex: 'kind' },
        { title: t('customer.version'), dataIndex: 'version', render: (v: string) => v || '—' },
        { title: t('customer.count'), dataIndex: 'count', align: 'right' },
      ]}
    />
  );
}

/** The customer's licences as its My license lists them, soonest expiry first. */
export function CustomerLicences({ companyId }: { companyId: string }) {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const paging = usePaging();
  const [status, setStatus] = useState<TLicenceStatus>();
  const query = useCustomerLicences({ companyId, status, ...paging.params });
  const columns: TableProps<TLicenceItem>['columns'] = [
    { title: t('customer.code'), dataIndex: 'code' },
    { title: t('customer.kind'), dataIndex: 'kind' },
    { title: t('customer.device'), dataIndex: 'deviceId' },
    {
      title: t('customer.status'),
      dataIndex: 'status',
      render: (s: TLicenceStatus) => <LicenceStatusTag status={s} />,
    },
    { title: t('customer.expiresAt'), dataIndex: 'expiresAt', render: formatTime },
    { title: t('customer.daysLeft'), dataIndex: 'remainingDays', align: 'right' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={t('customer.status')}
        placeholder={t('customer.status')}
        allowClear
        style={{ width: 170 }}
        value={status}
        onChange={(s) => {
          setStatus(s);
          paging.reset();
        }}
        options={(['normal', 'expiring', 'expired'] as const).map((s) => ({
          value: s,
          label: tp(`status.${s}`),
        }))}
      />
      <ListTable<TLicenceItem>
        plain
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        paging={paging}
        total={query.data?.total}
        emptyText={t('customer.noLicences')}
      />
    </Space>
  );
}

/** The customer's balance history, as its own My balance shows it. */
export function CustomerBalance({ companyId }: { companyId: string }) {
  const paging = usePaging();
  const query = useCustomerBalance({ companyId, ...paging.params });
  return (
    <BalanceHistoryTable
      records={query.data?.list}
      loading={query.isFetching}
      pagination={paging.pagination(query.data?.total)}
    />
  );
}

/** The customer's latest support requests, and the whole list narrowed to it. */
export function CustomerRequests({ companyId, name }: { companyId: string; name: string }) {
  const { t } = useTranslation('vendor');
  const { t: tr } = useTranslation('requests');
  const keyset = useKeyset();
  const query = useRequests('vendor', { companyId, cursor: keyset.cursor, pageSize: 10 });
  const columns: TableProps<RequestRow>['columns'] = [
    { title: tr('no'), dataIndex: 'no' },
    { title: tr('title'), dataIndex: 'title' },
    {
      title: tr('priority'),
      dataIndex: 'priority',
      render: (p: RequestRow['priority']) => tr(`priorities.${p}`),
    },
    {
      title: tr('status'),
      key: 'status',
      render: (_, r) => (
        <RequestTags status={r.status} testStatus={r.testStatus} overdue={r.overdue} />
      ),
    },
    { title: tr('createdAt'), dataIndex: 'createdAt', render: formatTime },
  ];
  const all = `/sa/requests?${new URLSearchParams({ customer: companyId, name })}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Link to={all}>{t('customer.allRequests')}</Link>
      <ListTable<RequestRow>
        plain
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        emptyText={tr('empty')}
      />
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
    </Space>
  );
}

/** What the vendor changed in the customer's tenants (the vendor's audit log), one at a time. */
export function CustomerAudit({ tenants }: { tenants: TCustomerDetail['tenants'] }) {
  const { t } = useTranslation('vendor');
  const keyset = useKeyset();
  const [tenantId, setTenantId] = useState(tenants[0]?.id);
  const query = useVendorAudit({ tenantId, before: keyset.cursor, pageSize: 20 });
  if (!tenantId) return <Typography.Text>{t('customer.noTenants')}</Typography.Text>;
  const columns: TableProps<VendorAuditRow>['columns'] = [
    { title: t('audit.at'), dataIndex: 'at', render: formatTime },
    { title: t('audit.account'), dataIndex: 'account', render: (v: string) => v || '—' },
    { title: t('audit.action'), dataIndex: 'actionLabel' },
    { title: t('audit.target'), dataIndex: 'target', render: (v: string) => v || '—' },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {tenants.length > 1 && (
        <Select
          aria-label={t('customer.tenant')}
          style={{ width: 260 }}
          value={tenantId}
          onChange={(id) => {
            setTenantId(id);
            keyset.reset();
          }}
          options={tenants.map((x) => ({ value: x.id, label: x.domain }))}
        />
      )}
      <ListTable<VendorAuditRow>
        plain
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list}
        loading={query.isFetching}
        emptyText={t('audit.empty')}
      />
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
    </Space>
  );
}
