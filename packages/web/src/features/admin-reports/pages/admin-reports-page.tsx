import { useState } from 'react';
import { Button, Card, Progress, Space, Spin, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import { makeReport, setReportSchedule } from '@edp/shared/api/console/reports.calls';
import type { ReportFormat, TReportItem } from '@edp/shared/contracts/reports';
import { ListPage } from '../../../components/list-page.tsx';
import { readerTimeZone } from '../../../lib/format.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { formatSize } from '../../admin-log-settings/lib/log-settings.ts';
import '../lib/locales.ts';
import {
  saveReport,
  useMakeReport,
  useReportSchedule,
  useReports,
  useSaveReportSchedule,
} from '../api/reports.ts';
import { MakeReportModal } from '../components/make-report-modal.tsx';
import { ScheduleForm } from '../components/schedule-form.tsx';

const STATUS_COLORS = { queued: TAG.muted, making: TAG.info, done: TAG.ok, failed: TAG.bad };

/**
 * Report downloads: the tenant's daily, weekly and monthly reports (made on demand or by the
 * schedule, in the background with their progress), each as PDF and XLSX, and the schedule
 * (docs/reports.md).
 */
export default function AdminReportsPage() {
  const { t, i18n } = useTranslation('adminReports');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canMake = useMayCall(makeReport);
  const canSchedule = useMayCall(setReportSchedule);
  const paging = usePaging();
  const reports = useReports(paging.params);
  const schedule = useReportSchedule();
  const saveSchedule = useSaveReportSchedule();
  const make = useMakeReport();
  const [making, setMaking] = useState(false);
  const tz = readerTimeZone();
  const locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';

  const download = (id: string, format: ReportFormat) =>
    void saveReport(id, format).catch(() => undefined);

  const columns: ColumnsType<TReportItem> = [
    { title: t('columns.name'), dataIndex: 'name', className: 'admin-table__name' },
    {
      title: t('columns.period'),
      key: 'period',
      render: (_, r) => (
        <>
          {`${dayjs(r.from).format('YYYY-MM-DD')} – ${dayjs(r.to).subtract(1, 'ms').format('YYYY-MM-DD')}`}
          {/* Made before its period ended: it counts up to the moment it was made. */}
          {r.doneAt && dayjs(r.doneAt).isBefore(r.to) && (
            <Tag color={TAG.gold} title={t('partialHelp')} style={{ marginInlineStart: 8 }}>
              {t('partial')}
            </Tag>
          )}
        </>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      render: (k: TReportItem['kind']) => t(`kinds.${k}`),
    },
    {
      title: t('columns.language'),
      dataIndex: 'locale',
      render: (l: TReportItem['locale']) => t(`locales.${l}`),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, r) =>
        r.status === 'making' ? (
          <Progress
            percent={r.progress}
            size="small"
            style={{ minWidth: 100 }}
            aria-label={`${r.name} ${t('status.making')}`}
          />
        ) : (
          <Tag color={STATUS_COLORS[r.status]}>{t(`status.${r.status}`)}</Tag>
        ),
    },
    {
      title: t('columns.size'),
      key: 'size',
      render: (_, r) =>
        r.status === 'done'
          ? `PDF ${formatSize(r.pdfBytes)} · XLSX ${formatSize(r.xlsxBytes)}`
          : '',
    },
    {
      title: t('columns.madeBy'),
      key: 'madeBy',
      render: (_, r) => (r.bySchedule ? t('bySchedule') : t('byUser', { account: r.madeBy })),
    },
    {
      title: t('columns.createdAt'),
      dataIndex: 'createdAt',
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: t('columns.download'),
      key: 'download',
      className: 'admin-table__actions',
      render: (_, r) =>
        r.status === 'done' && (
          <Space size="small">
            {(['pdf', 'xlsx'] as const).map((f) => (
              <Button
                key={f}
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`${r.name} ${f.toUpperCase()}`}
                onClick={() => download(r.id, f)}
              >
                {f.toUpperCase()}
              </Button>
            ))}
          </Space>
        ),
    },
  ];

  return (
    <ListPage<TReportItem>
      title={tm('adminReports')}
      intro={t('intro')}
      readOnly={!canMake && ta('readOnly')}
      add={{ label: t('make.open'), onClick: () => setMaking(true) }}
      above={
        <Card title={t('schedule.title')} size="small" style={{ marginBottom: 16 }}>
          {schedule.data ? (
            <ScheduleForm
              value={schedule.data}
              tz={tz ?? 'UTC'}
              canWrite={canSchedule}
              saving={saveSchedule.isPending}
              onSave={(v) => saveSchedule.mutateAsync(v)}
            />
          ) : (
            <Spin />
          )}
        </Card>
      }
      query={reports}
      loadFailed={t('loadFailed')}
      paging={paging}
      table={{ rowKey: 'id' }}
      columns={columns}
      emptyText={t('empty')}
    >
      {making && (
        <MakeReportModal
          open
          pending={make.isPending}
          locale={locale}
          tz={tz}
          onCancel={() => setMaking(false)}
          onMake={async (body) => {
            await make.mutateAsync(body);
            setMaking(false);
          }}
        />
      )}
    </ListPage>
  );
}
