import { Card, Spin, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import { setLogSettings } from '@edp/shared/api/console/logs.calls';
import type { TLogBackups } from '@edp/shared/contracts/logs';
import { ListPage } from '../../../components/list-page.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../lib/locales.ts';
import { useLogBackups, useLogSettings, useSaveLogSettings } from '../api/log-settings.ts';
import { LogSettingsForm } from '../components/log-settings-form.tsx';
import { formatSize } from '../lib/log-settings.ts';

type Backup = TLogBackups['list'][number];

/**
 * Log cleanup (system configuration): how long the engines' logs are kept, whether each week is
 * backed up before it is deleted, and the backups written so far (docs/logs.md).
 */
export default function AdminLogSettingsPage() {
  const { t } = useTranslation('adminLogSettings');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(setLogSettings);
  const settings = useLogSettings();
  const save = useSaveLogSettings();
  const backups = useLogBackups();

  const columns: ColumnsType<Backup> = [
    {
      title: t('backups.week'),
      key: 'week',
      render: (_, b) =>
        `${dayjs(b.from).format('YYYY-MM-DD')} – ${dayjs(b.to).subtract(1, 'day').format('YYYY-MM-DD')}`,
    },
    { title: t('backups.rows'), dataIndex: 'rows', align: 'right' },
    {
      title: t('backups.size'),
      dataIndex: 'bytes',
      align: 'right',
      render: (n: number) => formatSize(n),
    },
    {
      title: t('backups.sha256'),
      dataIndex: 'sha256',
      render: (s: string) => (
        <Typography.Text code copyable={{ text: s }} title={s}>
          {s.slice(0, 16)}…
        </Typography.Text>
      ),
    },
    {
      title: t('backups.at'),
      dataIndex: 'at',
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    // Last: the longest, and what a phone needs least (the week says which backup it is).
    { title: t('backups.name'), dataIndex: 'name', className: 'admin-table__name' },
  ];

  return (
    <ListPage<Backup>
      title={tm('adminLogSettings')}
      intro={t('intro')}
      readOnly={!canWrite && ta('readOnly')}
      above={
        <>
          <Card title={t('settings.title')} size="small" style={{ marginBottom: 16 }}>
            {settings.data ? (
              <LogSettingsForm
                value={settings.data}
                canWrite={canWrite}
                saving={save.isPending}
                onSave={(v) => save.mutateAsync(v)}
              />
            ) : (
              <Spin />
            )}
          </Card>
          <h2 style={{ fontSize: 16, fontWeight: 600, margin: '8px 0' }}>{t('backups.title')}</h2>
        </>
      }
      query={backups}
      loadFailed={t('backups.loadFailed')}
      table={{ rowKey: 'name' }}
      columns={columns}
      emptyText={t('backups.empty')}
    />
  );
}
