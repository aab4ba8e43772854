import { useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TRecovery } from '@edp/shared/contracts/keys';
import { RECOVERY_STATES, type RecoveryState } from '@edp/shared/contracts/keys-values';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import {
  useCancelRecovery,
  usePresentShare,
  useRecoveries,
  useSaveRecoveryFile,
} from '../api/keys.ts';
import { AskRecoveryModal } from './ask-recovery-modal.tsx';
import { RecoveryTag } from './key-labels.tsx';
import { KeysetPager, useKeyset } from '../../../components/keyset-pager.tsx';
import { StateFilter } from './state-filter.tsx';
import { OpenShareModal } from './open-share-modal.tsx';

/**
 * The recoveries, newest first in keyset pages, with their state, who presented a share and
 * when they expire. A key manager asks for one, presents their share to an open one (decrypted
 * in the browser, as a confirmation is), cancels an open one, and, as its requester, downloads
 * its file once; each irreversible step asks first. An auditor sees the list only.
 */
export function RecoveriesTab({
  canWrite,
  threshold,
}: {
  canWrite: boolean;
  /** The active split's M; none: no recovery can be asked yet. */
  threshold: number | undefined;
}) {
  const { t } = useTranslation('adminKeys');
  const [state, setState] = useState<RecoveryState>();
  const keyset = useKeyset();
  const list = useRecoveries({
    size: 20,
    ...(state ? { state } : {}),
    ...(keyset.cursor ? { cursor: keyset.cursor } : {}),
  });
  const [asking, setAsking] = useState(false);
  const [presenting, setPresenting] = useState<TRecovery>();
  const present = usePresentShare();
  const cancel = useCancelRecovery();
  const save = useSaveRecoveryFile();
  const [modal, holder] = Modal.useModal();

  const askCancel = async (r: TRecovery) => {
    const sure = await modal.confirm({
      title: t('recovery.cancelTitle', { device: r.deviceName }),
      content: t('recovery.cancelContent'),
      okText: t('recovery.cancelOk'),
      okButtonProps: { danger: true },
    });
    if (!sure) return;
    await cancel.mutateAsync(r.id);
    toastSuccess(t('recovery.cancelled'));
  };

  const askDownload = async (r: TRecovery) => {
    const sure = await modal.confirm({
      title: t('recovery.downloadTitle', { device: r.deviceName }),
      content: t('recovery.downloadContent'),
      okText: t('recovery.download'),
    });
    if (!sure) return;
    const file = await save.mutateAsync(r.id);
    toastSuccess(t('recovery.downloaded', { file }));
  };

  const columns: ColumnsType<TRecovery> = [
    {
      title: t('recovery.columns.device'),
      dataIndex: 'deviceName',
      className: 'admin-table__name',
    },
    {
      title: t('recovery.columns.keyId'),
      dataIndex: 'keyId',
      responsive: ['sm'],
      render: (id: string) => <span className="keys-id">{id}</span>,
    },
    {
      title: t('recovery.columns.state'),
      dataIndex: 'state',
      render: (s: RecoveryState) => <RecoveryTag state={s} />,
    },
    {
      title: t('recovery.columns.reason'),
      dataIndex: 'reason',
      responsive: ['md'],
      render: (reason: string) => <span className="keys-reason">{reason}</span>,
    },
    {
      title: t('recovery.columns.requestedBy'),
      key: 'requestedBy',
      responsive: ['sm'],
      render: (_, r) => r.requestedBy.account,
    },
    {
      title: t('recovery.columns.presented'),
      key: 'presented',
      render: (_, r) => (
        <>
          {t('recovery.presentedCount', { n: r.presented.length, m: r.threshold })}
          {r.presented.length > 0 && (
            <div className="keys-note">{r.presented.map((p) => p.account).join(', ')}</div>
          )}
        </>
      ),
    },
    {
      title: t('recovery.columns.expiresAt'),
      dataIndex: 'expiresAt',
      responsive: ['md'],
      render: (at: string) => formatTime(at),
    },
    {
      title: t('recovery.columns.createdAt'),
      dataIndex: 'createdAt',
      responsive: ['lg'],
      render: (at: string) => formatTime(at),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('recovery.columns.actions'),
      key: 'actions',
      className: 'admin-table__actions',
      render: (_, r) => (
        <Space size="small">
          {r.mayPresent && (
            <Button
              size="small"
              type="primary"
              aria-label={t('recovery.presentLabel', { device: r.deviceName })}
              onClick={() => setPresenting(r)}
            >
              {t('recovery.present')}
            </Button>
          )}
          {r.mayDownload && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              aria-label={t('recovery.downloadLabel', { device: r.deviceName })}
              loading={save.isPending && save.variables === r.id}
              onClick={() => void askDownload(r).catch(() => undefined)}
            >
              {t('recovery.download')}
            </Button>
          )}
          {r.state === 'open' && (
            <Button
              size="small"
              danger
              aria-label={t('recovery.cancelLabel', { device: r.deviceName })}
              onClick={() => void askCancel(r).catch(() => undefined)}
            >
              {t('recovery.cancel')}
            </Button>
          )}
        </Space>
      ),
    });
  }

  return (
    <>
      {holder}
      <p>
        {threshold === undefined
          ? t('recovery.introNoSplit')
          : t('recovery.intro', { m: threshold })}
      </p>
      <div className="list-page__filters" role="search">
        <StateFilter<RecoveryState>
          label={t('recovery.filterState')}
          all={t('recovery.anyState')}
          states={RECOVERY_STATES}
          word={(s) => t(`recovery.states.${s}`)}
          value={state}
          onChange={(s) => {
            setState(s);
            keyset.reset();
          }}
        />
        {canWrite && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={threshold === undefined}
            onClick={() => setAsking(true)}
          >
            {t('recovery.ask')}
          </Button>
        )}
      </div>
      {list.isError && (
        <LoadError
          title={t('recovery.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      )}
      <ListTable<TRecovery>
        columns={columns}
        dataSource={list.data?.items}
        loading={list.isFetching && !list.data}
        rowKey="id"
        emptyText={state ? t('recovery.emptyFiltered') : t('recovery.empty')}
      />
      <KeysetPager keyset={keyset} next={list.data?.next} busy={list.isFetching} />
      {asking && threshold !== undefined && (
        <AskRecoveryModal threshold={threshold} onClose={() => setAsking(false)} />
      )}
      {presenting && (
        <OpenShareModal
          name="recovery-present"
          title={t('recovery.presentTitle', { device: presenting.deviceName })}
          okText={t('recovery.present')}
          before={
            <Alert
              type="info"
              title={t('recovery.presentIntro', {
                device: presenting.deviceName,
                keyId: presenting.keyId,
                reason: presenting.reason,
              })}
              style={{ marginBottom: 16 }}
            />
          }
          onShare={async (share) => {
            const r = await present.mutateAsync({ id: presenting.id, share });
            toastSuccess(
              r.state === 'open'
                ? t('recovery.presentDone')
                : t('recovery.completedDone', { account: r.requestedBy.account }),
            );
          }}
          onClose={() => setPresenting(undefined)}
        />
      )}
    </>
  );
}
