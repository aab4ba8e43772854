import { useState } from 'react';
import { Input, Typography, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useVendorAudit, type VendorAuditRow } from '../api/get-vendor-audit.ts';
import '../components/vendor-texts.ts';

/**
 * The vendor's audit log (/sa/audit-log, from `/sa/audit`): every change a super administrator made — packages and
 * codes, tenants and their users, the system settings — newest first, in keyset pages, with a
 * search over the account and the target. Nothing here edits or deletes an entry.
 */
export default function VendorAuditPage() {
  const { t } = useTranslation('vendor');
  const { t: tp } = useTranslation('portal');
  const { t: tm } = useTranslation('menu');
  const keyset = useKeyset();
  const [keyword, setKeyword] = useState('');
  const query = useVendorAudit({ keyword: keyword.trim(), before: keyset.cursor, pageSize: 20 });
  const columns: TableProps<VendorAuditRow>['columns'] = [
    { title: t('audit.at'), dataIndex: 'at', render: formatTime },
    { title: t('audit.account'), dataIndex: 'account', render: (v: string) => v || '—' },
    { title: t('audit.action'), dataIndex: 'actionLabel' },
    { title: t('audit.target'), dataIndex: 'target', render: (v: string) => v || '—' },
    {
      title: t('audit.detail'),
      dataIndex: 'detail',
      render: (v: string) =>
        v ? (
          <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: t('audit.ip'), dataIndex: 'ip', render: (v: string) => v || '—' },
  ];
  return (
    <ListPage<VendorAuditRow>
      plain
      title={tm('saAudit')}
      intro={t('audit.intro')}
      filters={
        <Input.Search
          aria-label={t('audit.search')}
          placeholder={t('audit.search')}
          allowClear
          enterButton={tp('actions.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => {
            setKeyword(value);
            keyset.reset();
          }}
        />
      }
      loadFailed={t('audit.loadFailed')}
      query={query}
      columns={columns}
      emptyText={keyword.trim() ? t('audit.emptySearch') : t('audit.empty')}
    >
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
    </ListPage>
  );
}
