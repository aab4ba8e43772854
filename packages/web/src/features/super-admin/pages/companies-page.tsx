import { useState } from 'react';
import { Input, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCompanyRow } from '@edp/shared/contracts/vendor';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useCompanies } from '../api/get-companies.ts';
import '../components/vendor-texts.ts';

/** Registered companies (/sa/companies) with their balance and licence count. */
export default function CompaniesPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [keyword, setKeyword] = useState('');
  const query = useCompanies({ ...paging.params, keyword: keyword.trim() });
  const columns: TableProps<TCompanyRow>['columns'] = [
    { title: t('companies.email'), dataIndex: 'email' },
    { title: t('companies.company'), dataIndex: 'company' },
    { title: t('companies.contact'), dataIndex: 'contact', render: (v: string) => v || '—' },
    { title: t('companies.phone'), dataIndex: 'phone', render: (v: string) => v || '—' },
    { title: t('companies.balance'), dataIndex: 'balance', align: 'right' },
    { title: t('companies.licenceCount'), dataIndex: 'licenceCount', align: 'right' },
    { title: t('companies.createdAt'), dataIndex: 'createdAt', render: formatTime },
  ];
  return (
    <ListPage<TCompanyRow>
      plain
      title={tm('saCompanies')}
      filters={
        <Input.Search
          aria-label={t('companies.search')}
          placeholder={t('companies.search')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value);
            paging.reset();
          }}
        />
      }
      query={query}
      paging={paging}
      columns={columns}
      emptyText={t('companies.empty')}
    />
  );
}
