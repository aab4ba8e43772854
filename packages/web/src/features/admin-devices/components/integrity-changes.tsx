import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TLogItem } from '@edp/shared/contracts/logs';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatSeconds, LogTag, ShortHash } from '../../admin-common/components/log-labels.tsx';
import '../../admin-common/lib/log-locales.ts';
import { useDpiAlters } from '../api/dpi-alters.ts';

/**
 * The device detail's "Integrity changes" tab: the files of its DPI folders altered, added or
 * deleted (`/dv/m/dpi/alters`), newest first, more on "Load more".
 */
export function IntegrityChanges({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('adminLogs');
  const alters = useDpiAlters(deviceId);
  const rows = alters.data?.pages.flatMap((p) => p.list) ?? [];
  const columns: ColumnsType<TLogItem> = [
    {
      title: t('columns.at'),
      dataIndex: 'at',
      render: (at: string) => <span className="device-time">{formatSeconds(at)}</span>,
    },
    {
      title: t('columns.change'),
      dataIndex: 'action',
      render: (a: string) => <LogTag family="action" value={a} />,
    },
    {
      title: t('columns.path'),
      dataIndex: 'path',
      render: (p: string) => <span className="integrity-path">{p}</span>,
    },
    {
      title: t('columns.sha256'),
      dataIndex: 'sha256',
      // On a phone the time, change and path fill the width.
      responsive: ['sm'],
      render: (s: string) => <ShortHash sha256={s} />,
    },
  ];
  return (
    <>
      <p>{t('integrity.intro')}</p>
      {alters.isError && (
        <LoadError
          title={t('integrity.loadFailed')}
          error={alters.error}
          onRetry={() => void alters.refetch()}
        />
      )}
      <ListTable<TLogItem>
        columns={columns}
        dataSource={rows}
        loading={alters.isFetching}
        emptyText={t('integrity.empty')}
      />
      {alters.hasNextPage && (
        <Button
          style={{ marginTop: 16 }}
          loading={alters.isFetchingNextPage}
          onClick={() => void alters.fetchNextPage()}
        >
          {t('pager.loadMore')}
        </Button>
      )}
    </>
  );
}
