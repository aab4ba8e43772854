import { useState } from 'react';
import { Button, Card, Select, Space, Spin, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { setWarnSettings, testWarning } from '@edp/shared/api/console/notify.calls';
import type { TDelivery } from '@edp/shared/contracts/notify';
import {
  DELIVERY_STATUSES,
  WARNING_CHANNELS,
  type TDeliveryStatus,
  type TWarningChannel,
} from '@edp/shared/contracts/notify-values';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import '../lib/locales.ts';
import { useDeliveries, useSaveWarn, useTestWarning, useWarnSettings } from '../api/notify.ts';
import { WarnSettingsForm } from '../components/warn-settings-form.tsx';

const STATUS_COLOR: Record<TDeliveryStatus, string> = {
  pending: TAG.gold,
  sent: TAG.ok,
  failed: TAG.bad,
};

/**
 * Warning settings (system configuration, docs/notifications.md): what raises a warning, how it
 * is delivered and reminded, a test; below, every message sent, retried or given up.
 */
export default function AdminWarnSettingsPage() {
  const { t } = useTranslation('adminNotify');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(setWarnSettings);
  const canTest = useMayCall(testWarning);
  const settings = useWarnSettings();
  const save = useSaveWarn();
  const test = useTestWarning();
  const paging = usePaging();
  const [status, setStatus] = useState<TDeliveryStatus | undefined>();
  const [channel, setChannel] = useState<TWarningChannel | undefined>();
  const list = useDeliveries({ ...paging.params, status, channel });
  const [tested, setTested] = useState<string | null>(null);
  const time = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

  const columns: ColumnsType<TDelivery> = [
    { title: t('warn.createdAt'), dataIndex: 'createdAt', render: time, width: 170 },
    {
      title: t('warn.channel'),
      dataIndex: 'channel',
      render: (c: TWarningChannel) => t(`warn.channelNames.${c}`),
    },
    { title: t('warn.target'), dataIndex: 'target' },
    {
      title: t('warn.status'),
      key: 'status',
      render: (_, d) => (
        <Space direction="vertical" size={0}>
          <Tag color={STATUS_COLOR[d.status]}>{t(`warn.statuses.${d.status}`)}</Tag>
          {d.nextAt && (
            <Typography.Text type="secondary">
              {t('warn.nextAt', { at: time(d.nextAt) })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('warn.tries'), dataIndex: 'tries', align: 'right' },
    {
      title: t('warn.causes'),
      dataIndex: 'causes',
      render: (cs: TDelivery['causes']) =>
        cs.map((c) => <Tag key={c}>{t(`warn.causeNames.${c}`)}</Tag>),
    },
    { title: t('warn.summary'), dataIndex: 'summary', className: 'admin-table__name' },
    {
      title: t('warn.lastError'),
      dataIndex: 'lastError',
      render: (e: string | null) => e ?? '—',
    },
  ];

  return (
    <ListPage<TDelivery>
      title={tm('adminWarnSettings')}
      intro={t('warn.intro')}
      readOnly={!canWrite && ta('readOnly')}
      actions={
        canTest && (
          <Button
            loading={test.isPending}
            onClick={() =>
              void test
                .mutateAsync(undefined)
                .then((r) => setTested(t('warn.tested', { n: r.deliveries })))
                .catch(() => setTested(null))
            }
          >
            {t('warn.test')}
          </Button>
        )
      }
      above={
        <>
          {tested && <Typography.Paragraph role="status">{tested}</Typography.Paragraph>}
          <Card title={t('warn.settings')} size="small" style={{ marginBottom: 16 }}>
            {settings.data ? (
              <WarnSettingsForm
                value={settings.data}
                canWrite={canWrite}
                saving={save.isPending}
                onSave={(v) => save.mutateAsync(v)}
              />
            ) : (
              <Spin />
            )}
          </Card>
          <h2 style={{ fontSize: 16, fontWeight: 600, margin: '8px 0' }}>{t('warn.deliveries')}</h2>
          <Space wrap style={{ marginBottom: 8 }}>
            <Select
              aria-label={t('warn.status')}
              style={{ width: 160 }}
              value={status ?? ''}
              onChange={(v) => {
                setStatus(v === '' ? undefined : (v as TDeliveryStatus));
                paging.reset();
              }}
              options={[
                { value: '', label: t('warn.anyStatus') },
                ...DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`warn.statuses.${s}`) })),
              ]}
            />
            <Select
              aria-label={t('warn.channel')}
              style={{ width: 160 }}
              value={channel ?? ''}
              onChange={(v) => {
                setChannel(v === '' ? undefined : (v as TWarningChannel));
                paging.reset();
              }}
              options={[
                { value: '', label: t('warn.anyChannel') },
                ...WARNING_CHANNELS.map((c) => ({ value: c, label: t(`warn.channelNames.${c}`) })),
              ]}
            />
          </Space>
        </>
      }
      query={list}
      paging={paging}
      loadFailed={t('warn.loadFailed')}
      table={{ rowKey: 'id' }}
      columns={columns}
      emptyText={t('warn.empty')}
    />
  );
}
