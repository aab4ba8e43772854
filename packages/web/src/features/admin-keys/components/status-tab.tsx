import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TKeyStatus, TSplit } from '@edp/shared/contracts/keys';
import { ListTable } from '../../../components/list-table.tsx';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useCancelSplit } from '../api/keys.ts';
import { SPLIT_MIN } from '../lib/key-rules.ts';
import { ShareTag } from './key-labels.tsx';
import './keys.css';
import { RotationCard } from './rotation-card.tsx';
import { InitModal, SplitModal } from './split-modal.tsx';

type Holder = TSplit['holders'][number];

/**
 * Why dual control is off and what to do (docs/keys.md): one key manager (ask the system
 * administrator for a second, then split), no split yet, or a split waiting for its holders.
 */
export function DualControlNotice({ status }: { status: TKeyStatus }) {
  const { t } = useTranslation('adminKeys');
  if (status.dualControl || !status.initialised || !status.dualControlOff) return null;
  const why = status.dualControlOff;
  return (
    <Alert
      type={why === 'splitPending' ? 'info' : 'warning'}
      showIcon
      title={t(`off.${why}.title`)}
      description={t(`off.${why}.body`)}
      style={{ marginBottom: 16 }}
    />
  );
}

/** A split's holders and the state of each one's share. */
function SplitCard({ split, title, extra }: { split: TSplit; title: string; extra?: ReactNode }) {
  const { t } = useTranslation('adminKeys');
  const columns: ColumnsType<Holder> = [
    {
      title: t('split.columns.holder'),
      key: 'holder',
      className: 'admin-table__name',
      render: (_, h) => `${h.name} (${h.account})`,
    },
    {
      title: t('split.columns.share'),
      dataIndex: 'share',
      render: (s: Holder['share']) => <ShareTag state={s} />,
    },
    {
      title: t('split.columns.downloadedAt'),
      dataIndex: 'downloadedAt',
      render: (at: string | null) => formatTime(at),
    },
    {
      title: t('split.columns.confirmedAt'),
      dataIndex: 'confirmedAt',
      render: (at: string | null) => formatTime(at),
    },
  ];
  return (
    <Card size="small" title={title} extra={extra} className="keys-card">
      <p>
        {t('split.thresholdOf', { m: split.threshold, n: split.holders.length })}
        {' · '}
        {split.createdBy
          ? t('split.createdBy', {
              account: split.createdBy.account,
              at: formatTime(split.createdAt),
            })
          : t('split.createdAt', { at: formatTime(split.createdAt) })}
      </p>
      <ListTable<Holder> columns={columns} dataSource={split.holders} rowKey="id" />
    </Card>
  );
}

/**
 * Where the tenant's keys stand: initialised or not, dual control and why it is off, the
 * active and pending splits with each holder's share, the escrow coverage, the rotation of the
 * escrow and window-signing keys; the key manager's "Initialise keys", "Split key" / "Split
 * again" and "Cancel split" (each asks first).
 */
export function StatusTab({
  status,
  canWrite,
  onShowMissing,
}: {
  status: TKeyStatus;
  canWrite: boolean;
  onShowMissing: () => void;
}) {
  const { t } = useTranslation('adminKeys');
  const [dialog, setDialog] = useState<'init' | 'split'>();
  const cancel = useCancelSplit();
  const [modal, holder] = Modal.useModal();

  const askCancel = async () => {
    const sure = await modal.confirm({
      title: t('split.cancelTitle'),
      content: t('split.cancelContent'),
      okText: t('split.cancel'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    await cancel.mutateAsync(undefined);
    toastSuccess(t('split.cancelled'));
  };

  if (!status.initialised) {
    return (
      <>
        <Alert
          type="warning"
          showIcon
          title={t('status.notInitialised')}
          description={canWrite ? t('status.notInitialisedHelp') : t('status.notInitialisedRead')}
          action={
            canWrite && (
              <Button type="primary" onClick={() => setDialog('init')}>
                {t('status.init')}
              </Button>
            )
          }
          style={{ marginBottom: 16 }}
        />
        {canWrite && status.keyManagers.length < SPLIT_MIN && (
          <Alert
            type="info"
            showIcon
            title={t('off.oneKeyManager.title')}
            description={t('off.oneKeyManager.body')}
          />
        )}
        {dialog === 'init' && <InitModal status={status} onClose={() => setDialog(undefined)} />}
      </>
    );
  }

  const canSplit = canWrite && status.keyManagers.length >= SPLIT_MIN && !status.pendingSplit;
  const { devicesWithKeys, notEscrowed } = status.escrow;
  return (
    <>
      {holder}
      <DualControlNotice status={status} />
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        className="keys-summary"
        style={{ marginBottom: 16 }}
      >
        <Descriptions.Item label={t('status.initialisedAt')}>
          {formatTime(status.initialisedAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.dualControl')}>
          <Tag color={status.dualControl ? TAG.ok : TAG.warn}>
            {status.dualControl ? t('status.on') : t('status.off')}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('status.escrowKey')}>
          {status.escrowKey
            ? t('status.escrowKeyValue', {
                id: status.escrowKey.id.slice(0, 8),
                at: formatTime(status.escrowKey.createdAt),
              })
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.keyManagers')}>
          {status.keyManagers.map((p) => p.account).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('status.devicesWithKeys')}>{devicesWithKeys}</Descriptions.Item>
        <Descriptions.Item label={t('status.notEscrowed')}>
          {notEscrowed > 0 ? (
            <Space wrap>
              <Tag color={TAG.bad}>{notEscrowed}</Tag>
              <Button type="link" size="small" onClick={onShowMissing}>
                {t('status.showNotEscrowed')}
              </Button>
            </Space>
          ) : (
            <Tag color={TAG.ok}>{t('status.allEscrowed')}</Tag>
          )}
        </Descriptions.Item>
      </Descriptions>
      {canWrite && (
        <Space wrap style={{ marginBottom: 16 }}>
          {canSplit && (
            <Button type="primary" onClick={() => setDialog('split')}>
              {status.activeSplit ? t('split.again') : t('split.first')}
            </Button>
          )}
          {status.pendingSplit && status.activeSplit && (
            <span className="keys-note">{t('split.pendingBlocks')}</span>
          )}
        </Space>
      )}
      <div className="keys-stack">
        {status.pendingSplit && (
          <SplitCard
            split={status.pendingSplit}
            title={t('split.pending')}
            extra={
              canWrite && (
                <Button
                  danger
                  size="small"
                  loading={cancel.isPending}
                  onClick={() => void askCancel()}
                >
                  {t('split.cancel')}
                </Button>
              )
            }
          />
        )}
        {status.activeSplit && <SplitCard split={status.activeSplit} title={t('split.active')} />}
        <RotationCard status={status} canWrite={canWrite} />
      </div>
      {dialog === 'split' && <SplitModal status={status} onClose={() => setDialog(undefined)} />}
    </>
  );
}
