import { useState } from 'react';
import { Button, Checkbox, Input, Select, Tag, type TableProps } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RequestSort } from '@edp/shared/contracts/support-requests';
import {
  OVERDUE_COUNT_MAX,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  type RequestPriority,
  type RequestStatus,
} from '@edp/shared/contracts/support-requests-values';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { sortable, sortChange, type ServerSort } from '../../../lib/server-sort.ts';
import { useRequests, type RequestRow, type Side } from '../api/requests.ts';
import { RequestDrawer } from './request-drawer.tsx';
import { RequestFormModal } from './request-form-modal.tsx';
import { RequestTags } from '../parts/request-tags.tsx';
import '../lib/request-texts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NEWEST_FIRST: ServerSort<RequestSort> = { sort: 'no', order: 'desc' };

/**
 * The support requests of one side in keyset pages, newest first or sorted by number, expected
 * time or last change: search, a status filter and "overdue only", how many are overdue, and
 * each one opened in a drawer. The customer's side opens new ones.
 */
export function RequestsList({ side, title }: { side: Side; title: string }) {
  const { t } = useTranslation('requests');
  const { t: tp } = useTranslation('portal');
  const keyset = useKeyset();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<RequestStatus>();
  const [priority, setPriority] = useState<RequestPriority>();
  // The vendor's filter by customer: set from a row's customer or the address (a customer's
  // page links here with ?customer=&name=), cleared from its tag.
  const [params] = useSearchParams();
  const [customer, setCustomer] = useState<{ id: string; name: string } | undefined>(() => {
    const id = params.get('customer');
    return side === 'vendor' && id && UUID.test(id)
      ? { id, name: params.get('name') ?? '' }
      : undefined;
  });
  const [overdue, setOverdue] = useState(false);
  const [sorting, setSorting] = useState<ServerSort<RequestSort>>(NEWEST_FIRST);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<string>();
  const query = useRequests(side, {
    keyword: keyword.trim(),
    status,
    priority,
    companyId: customer?.id,
    overdue: overdue || undefined,
    ...sorting,
    cursor: keyset.cursor,
    pageSize: 20,
  });
  const columns: TableProps<RequestRow>['columns'] = [
    { title: t('no'), dataIndex: 'no', className: 'admin-table__name', ...sortable('no', sorting) },
    {
      title: t('title'),
      dataIndex: 'title',
      render: (title: string, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r.id)}>
          {title}
        </Button>
      ),
    },
    ...(side === 'vendor'
      ? [
          {
            title: t('company'),
            dataIndex: 'company',
            render: (company: string, r: RequestRow) => (
              <Button
                type="link"
                size="small"
                title={t('onlyCustomer', { name: company })}
                onClick={() => {
                  setCustomer({ id: r.companyId, name: company });
                  keyset.reset();
                }}
              >
                {company}
              </Button>
            ),
          },
        ]
      : []),
    { title: t('product'), dataIndex: 'product' },
    {
      title: t('priority'),
      dataIndex: 'priority',
      render: (p: RequestRow['priority']) => t(`priorities.${p}`),
    },
    {
      title: t('status'),
      key: 'status',
      render: (_, r) => (
        <RequestTags status={r.status} testStatus={r.testStatus} overdue={r.overdue} />
      ),
    },
    {
      title: t('expectedAt'),
      dataIndex: 'expectedAt',
      render: formatTime,
      ...sortable('expectedAt', sorting),
    },
    { title: t('replies'), dataIndex: 'replies', align: 'right' },
    { title: t('createdAt'), dataIndex: 'createdAt', render: formatTime },
    {
      title: t('updatedAt'),
      dataIndex: 'updatedAt',
      render: formatTime,
      ...sortable('updatedAt', sorting),
    },
  ];
  return (
    <ListPage<RequestRow>
      plain
      title={title}
      intro={t(side === 'vendor' ? 'vendorIntro' : 'intro')}
      add={side === 'customer' ? { label: t('add'), onClick: () => setAdding(true) } : undefined}
      filters={
        <>
          <Input.Search
            aria-label={t('search')}
            placeholder={t('search')}
            allowClear
            enterButton={tp('actions.search')}
            style={{ maxWidth: 320 }}
            onSearch={(value) => {
              setKeyword(value);
              keyset.reset();
            }}
          />
          <Select
            aria-label={t('status')}
            allowClear
            placeholder={t('all')}
            style={{ minWidth: 140 }}
            value={status}
            options={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            onChange={(value?: RequestStatus) => {
              setStatus(value);
              keyset.reset();
            }}
          />
          <Select
            aria-label={t('priority')}
            allowClear
            placeholder={t('anyPriority')}
            style={{ minWidth: 120 }}
            value={priority}
            options={REQUEST_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
            onChange={(value?: RequestPriority) => {
              setPriority(value);
              keyset.reset();
            }}
          />
          {customer && (
            <Tag
              closable
              closeIcon={<CloseOutlined aria-label={t('allCustomers')} />}
              onClose={() => {
                setCustomer(undefined);
                keyset.reset();
              }}
            >
              {t('customerIs', { name: customer.name })}
            </Tag>
          )}
          <Checkbox
            checked={overdue}
            onChange={(e) => {
              setOverdue(e.target.checked);
              keyset.reset();
            }}
          >
            {t('overdueOnly')}
          </Checkbox>
          {!!query.data?.overdue && (
            <span role="status">
              {t('overdueCount', {
                count:
                  query.data.overdue >= OVERDUE_COUNT_MAX
                    ? `${OVERDUE_COUNT_MAX.toLocaleString()}+`
                    : query.data.overdue,
              })}
            </span>
          )}
        </>
      }
      loadFailed={t('loadFailed')}
      query={query}
      columns={columns}
      emptyText={
        keyword.trim() || status || priority || customer || overdue ? t('emptySearch') : t('empty')
      }
      table={{
        onChange: (_pages, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          setSorting(sortChange(sorter, NEWEST_FIRST));
          keyset.reset();
        },
      }}
    >
      <KeysetPager keyset={keyset} next={query.data?.next} busy={query.isFetching} />
      {adding && <RequestFormModal onClose={() => setAdding(false)} />}
      {open && <RequestDrawer side={side} id={open} onClose={() => setOpen(undefined)} />}
    </ListPage>
  );
}
