import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deviceEscrow } from '@edp/shared/api/console/keys.calls';
import type { TDeviceEscrow } from '@edp/shared/contracts/keys';
import { ListTable } from '../../../components/list-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useDeviceEscrow } from '../../admin-keys/api/keys.ts';
import { EscrowTag } from '../../admin-keys/parts/escrow-tag.tsx';
import '../../admin-keys/lib/locales.ts';

type DataKey = TDeviceEscrow['keys'][number];

/**
 * The device's data keys and their escrow (`/kss/escrow/device`, docs/keys.md): each key's id,
 * when the engine first listed it, and since when it is escrowed (or that it is not, so the
 * console could not recover it). Ids and times only, never a key. Shown to whoever may read it.
 */
export function DeviceKeyEscrow({ deviceId }: { deviceId: string }) {
  const may = useMayCall(deviceEscrow);
  if (!may) return null;
  return <EscrowPanel deviceId={deviceId} />;
}

function EscrowPanel({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation('adminKeys');
  const escrow = useDeviceEscrow(deviceId);
  const columns: ColumnsType<DataKey> = [
    {
      title: t('escrow.keyId'),
      dataIndex: 'keyId',
      className: 'admin-table__name',
      render: (id: string) => <span className="keys-id">{id}</span>,
    },
    { title: t('escrow.seenAt'), dataIndex: 'seenAt', render: (at: string) => formatTime(at) },
    {
      title: t('escrow.escrowedAt'),
      dataIndex: 'escrowedAt',
      render: (at: string | null) => <EscrowTag at={at} format={formatTime} />,
    },
  ];
  return (
    <section aria-labelledby="device-key-escrow" style={{ marginTop: 24 }}>
      <h2 id="device-key-escrow" className="task-detail__section">
        {t('device.title')}
      </h2>
      <p>{t('device.intro')}</p>
      {escrow.isError && (
        <LoadError
          title={t('device.loadFailed')}
          error={escrow.error}
          onRetry={() => void escrow.refetch()}
        />
      )}
      <ListTable<DataKey>
        columns={columns}
        dataSource={escrow.data?.keys}
        loading={escrow.isFetching}
        rowKey="keyId"
        emptyText={t('device.empty')}
      />
    </section>
  );
}
