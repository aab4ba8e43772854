import { Button, Card, Descriptions, Modal, Space, Tag } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useFinishEscrowRotation, useRotateEscrowKey, useRotateWindowKey } from '../api/keys.ts';
import { RotationProgress } from './rotation-progress.tsx';
import './keys.css';

/** An id as the page shows it: its first 8 characters, the whole on hover. */
function KeyId({ id }: { id: string }) {
  return (
    <span className="keys-id" title={id}>
      {id.length > 16 ? id.slice(0, 8) : id}
    </span>
  );
}

/**
 * "Rotation" (docs/keys.md "Rotation"): the escrow key and the window-signing key, each with
 * its rotation's progress while one is under way (the status is read again meanwhile,
 * `useKeyStatus`) and, for the key manager, "Rotate …" and "Finish now", each asked first in
 * words that say what happens to the engines.
 */
export function RotationCard({ status, canWrite }: { status: TKeyStatus; canWrite: boolean }) {
  const { t } = useTranslation('adminKeys');
  const rotateEscrow = useRotateEscrowKey();
  const finish = useFinishEscrowRotation();
  const rotateWindow = useRotateWindowKey();
  const [modal, holder] = Modal.useModal();
  const escrow = status.escrowRotation;
  const win = status.windowKey;

  const askRotateEscrow = async () => {
    const sure = await modal.confirm({
      title: t('rotation.escrow.confirmTitle'),
      content: escrow ? t('rotation.escrow.confirmAgain') : t('rotation.escrow.confirmContent'),
      okText: t('rotation.escrow.rotate'),
    });
    if (!sure) return;
    await rotateEscrow.mutateAsync(undefined);
    toastSuccess(t('rotation.escrow.started'));
  };

  const askFinish = async () => {
    if (!escrow) return;
    const { waiting, offline } = escrow.progress;
    const sure = await modal.confirm({
      title: t('rotation.escrow.finishTitle'),
      content: t('rotation.escrow.finishContent', { count: waiting + offline, waiting, offline }),
      okText: t('rotation.escrow.finish'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    await finish.mutateAsync(undefined);
    toastSuccess(t('rotation.escrow.finished'));
  };

  const askRotateWindow = async () => {
    const sure = await modal.confirm({
      title: t('rotation.window.confirmTitle'),
      content: t('rotation.window.confirmContent'),
      okText: t('rotation.window.rotate'),
    });
    if (!sure) return;
    await rotateWindow.mutateAsync(undefined);
    toastSuccess(t('rotation.window.started'));
  };

  return (
    <Card size="small" title={t('rotation.title')} className="keys-card">
      {holder}
      <section className="keys-rotation" aria-labelledby="keys-rotation-escrow">
        <h3 id="keys-rotation-escrow" className="keys-subtitle">
          {t('rotation.escrow.title')}
        </h3>
        <p className="keys-note">{t('rotation.escrow.help')}</p>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} className="keys-summary">
          <Descriptions.Item label={t('rotation.escrow.current')}>
            {status.escrowKey ? (
              <span>
                <KeyId id={status.escrowKey.id} />
                {t('rotation.since', { at: formatTime(status.escrowKey.createdAt) })}
              </span>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('rotation.state')}>
            {escrow ? (
              <Tag color={TAG.info} icon={<SyncOutlined />}>
                {t('rotation.underWay', { at: formatTime(escrow.startedAt) })}
              </Tag>
            ) : (
              t('rotation.none')
            )}
          </Descriptions.Item>
          {escrow && (
            <Descriptions.Item label={t('rotation.escrow.from')}>
              <KeyId id={escrow.fromId} />
            </Descriptions.Item>
          )}
        </Descriptions>
        {escrow && <RotationProgress progress={escrow.progress} kind="escrow" />}
        {canWrite && (
          <Space wrap className="keys-actions">
            <Button
              loading={rotateEscrow.isPending}
              disabled={!status.escrowKey}
              onClick={() => void askRotateEscrow().catch(() => undefined)}
            >
              {t('rotation.escrow.rotate')}
            </Button>
            {escrow && (
              <Button
                danger
                loading={finish.isPending}
                onClick={() => void askFinish().catch(() => undefined)}
              >
                {t('rotation.escrow.finish')}
              </Button>
            )}
          </Space>
        )}
      </section>
      <section className="keys-rotation" aria-labelledby="keys-rotation-window">
        <h3 id="keys-rotation-window" className="keys-subtitle">
          {t('rotation.window.title')}
        </h3>
        <p className="keys-note">{t('rotation.window.help')}</p>
        <Descriptions size="small" column={{ xs: 1, md: 2 }} className="keys-summary">
          <Descriptions.Item label={t('rotation.window.current')}>
            {win ? (
              <Space size={4} wrap>
                <KeyId id={win.id} />
                <Tag color={win.own ? TAG.ok : TAG.muted}>
                  {win.own ? t('rotation.window.own') : t('rotation.window.shared')}
                </Tag>
                {win.createdAt && t('rotation.since', { at: formatTime(win.createdAt) })}
              </Space>
            ) : (
              '—'
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('rotation.state')}>
            {win?.rotation ? (
              <Tag color={TAG.info} icon={<SyncOutlined />}>
                {t('rotation.underWay', { at: formatTime(win.rotation.startedAt) })}
              </Tag>
            ) : (
              t('rotation.none')
            )}
          </Descriptions.Item>
        </Descriptions>
        {win?.rotation && <RotationProgress progress={win.rotation.progress} kind="window" />}
        {win && !win.own && <p className="keys-note">{t('rotation.window.sharedHelp')}</p>}
        {canWrite && (
          <Space wrap className="keys-actions">
            <Button
              loading={rotateWindow.isPending}
              onClick={() => void askRotateWindow().catch(() => undefined)}
            >
              {t('rotation.window.rotate')}
            </Button>
          </Space>
        )}
      </section>
    </Card>
  );
}
