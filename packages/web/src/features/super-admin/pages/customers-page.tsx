import { Input, InputNumber, Select, Space, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TCustomerRow } from '@edp/shared/contracts/customers';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { sortable, sortChange } from '../../../lib/server-sort.ts';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { addressPaging } from '../../admin-common/lib/address-paging.ts';
import { exportCustomers, useCustomers, useReportedVersions } from '../api/customers.ts';
import {
  customerListSearch,
  DEFAULT_CUSTOMER_LIST,
  parseCustomerListSearch,
  type CustomerListState,
} from '../lib/customer-list-url.ts';
import { LicenceCounts } from '../components/licence-counts.tsx';
import '../components/vendor-texts.ts';

/**
 * The vendor's customers (/sa/customers): the portal's companies with the console tenants linked
 * to them, their keys, licences and engines; searched, filtered, sorted and exported, the page
 * kept in the address. A customer's name opens its page.
 */
export default function CustomersPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const { state, update } = useAddressState(parseCustomerListSearch, customerListSearch);
  /** A filter changed: back to page 1. */
  const filter = (patch: Partial<CustomerListState>) => update({ ...patch, page: 1 });
  const paging = addressPaging(state, update);
  const query = useCustomers(state);
  const versions = useReportedVersions();

  const columns: TableProps<TCustomerRow>['columns'] = [
    {
      title: t('customers.company'),
      dataIndex: 'company',
      ...sortable('company', state),
      render: (company: string, r) => <Link to={`/sa/customers/${r.id}`}>{company}</Link>,
    },
    { title: t('customers.email'), dataIndex: 'email' },
    { title: t('customers.contact'), dataIndex: 'contact', render: (v: string) => v || '—' },
    { title: t('customers.phone'), dataIndex: 'phone', render: (v: string) => v || '—' },
    {
      title: t('customers.domains'),
      dataIndex: 'tenants',
      render: (tenants: TCustomerRow['tenants']) =>
        tenants.length ? tenants.map((x) => <Tag key={x.id}>{x.domain}</Tag>) : '—',
    },
    {
      title: t('customers.keys'),
      dataIndex: 'keyInitialised',
      render: (v: boolean, r) =>
        r.tenants.length ? t(v ? 'tenants.keyYes' : 'tenants.keyNo') : '—',
    },
    {
      title: t('customers.balance'),
      dataIndex: 'balance',
      align: 'right',
      ...sortable('balance', state),
    },
    {
      title: t('customers.licences'),
      dataIndex: 'licenceCount',
      render: (_: number, r) => <LicenceCounts c={r} />,
    },
    { title: t('customers.engines'), dataIndex: 'engineCount', align: 'right' },
    {
      title: t('customers.createdAt'),
      dataIndex: 'createdAt',
      render: formatTime,
      ...sortable('createdAt', state),
    },
  ];
  const filtered =
    !!state.keyword ||
    [state.keys, state.licences, state.balanceMin, state.balanceMax, state.version].some(
      (v) => v !== undefined,
    );

  return (
    <ListPage<TCustomerRow>
      plain
      title={tm('saCustomers')}
      intro={t('customers.intro')}
      actions={
        <ExportButton
          matching={query.data?.total}
          run={(format) => exportCustomers(state, format)}
          runningText={(count) => t('customers.exporting', { count })}
        />
      }
      filters={
        <>
          <Input.Search
            key={state.keyword}
            aria-label={t('customers.search')}
            placeholder={t('customers.search')}
            defaultValue={state.keyword}
            allowClear
            enterButton={tp('actions.search')}
            style={{ maxWidth: 360 }}
            onSearch={(value) => filter({ keyword: value.trim() })}
          />
          <Select
            aria-label={t('customers.keys')}
            placeholder={t('customers.keys')}
            allowClear
            style={{ width: 170 }}
            value={state.keys}
            onChange={(keys) => filter({ keys })}
            options={[
              { value: 'initialised', label: t('customers.keysInitialised') },
              { value: 'none', label: t('customers.keysNone') },
            ]}
          />
          <Select
            aria-label={t('customers.licences')}
            placeholder={t('customers.licences')}
            allowClear
            style={{ width: 170 }}
            value={state.licences}
            onChange={(licences) => filter({ licences })}
            options={[
              { value: 'expiring', label: t('customers.licencesExpiring') },
              { value: 'expired', label: t('customers.licencesExpired') },
            ]}
          />
          <Space.Compact>
            <InputNumber
              aria-label={t('customers.balanceMin')}
              placeholder={t('customers.balanceMin')}
              min={0}
              max={1_000_000}
              precision={0}
              style={{ width: 130 }}
              value={state.balanceMin ?? null}
              onChange={(v) => filter({ balanceMin: v ?? undefined })}
            />
            <InputNumber
              aria-label={t('customers.balanceMax')}
              placeholder={t('customers.balanceMax')}
              min={state.balanceMin ?? 0}
              max={1_000_000}
              precision={0}
              style={{ width: 130 }}
              value={state.balanceMax ?? null}
              onChange={(v) => filter({ balanceMax: v ?? undefined })}
            />
          </Space.Compact>
          <Select
            aria-label={t('customers.version')}
            placeholder={t('customers.version')}
            allowClear
            showSearch
            loading={versions.isFetching}
            style={{ width: 170 }}
            value={state.version}
            onChange={(version) => filter({ version })}
            options={(versions.data?.list ?? []).map((v) => ({ value: v, label: v }))}
          />
        </>
      }
      query={query}
      paging={paging}
      columns={columns}
      loadFailed={t('customers.loadFailed')}
      emptyText={filtered ? t('customers.emptySearch') : t('customers.empty')}
      table={{
        onChange: (_pages, _filters, sorter, extra) => {
          if (extra.action === 'sort') update(sortChange(sorter, DEFAULT_CUSTOMER_LIST));
        },
      }}
    />
  );
}
