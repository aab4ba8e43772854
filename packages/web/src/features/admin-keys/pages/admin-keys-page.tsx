import { Alert, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmShare } from '@edp/shared/api/console/keys.calls';
import { LoadError } from '../../../components/load-error.tsx';
import { PageContainer } from '../../../components/page-container.tsx';
import { useAddressState } from '../../../lib/use-address-state.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import '../../admin-common/lib/admin-locales.ts';
import '../lib/locales.ts';
import { useKeyStatus } from '../api/keys.ts';
import { EscrowTab, type EscrowFilter } from '../components/escrow-tab.tsx';
import { IncidentsTab } from '../components/incidents-tab.tsx';
import { MyShareTab } from '../components/my-share-tab.tsx';
import { RecoveriesTab } from '../components/recoveries-tab.tsx';
import { StatusTab } from '../components/status-tab.tsx';
import '../components/keys.css';

const TABS = ['status', 'share', 'escrow', 'recoveries', 'incidents'] as const;
type Tab = (typeof TABS)[number];

/** The tab asked for in the address (checked against the reader's tabs), and escrow's filter. */
interface KeysAddress {
  tab?: string;
  filter: EscrowFilter;
}
const parseKeysAddress = (params: URLSearchParams): KeysAddress => ({
  tab: params.get('tab') ?? undefined,
  filter: params.get('filter') === 'missing' ? 'missing' : 'all',
});
const keysSearch = ({ tab, filter }: KeysAddress) =>
  new URLSearchParams([
    ...(tab && tab !== 'status' ? [['tab', tab]] : []),
    ...(tab === 'escrow' && filter === 'missing' ? [['filter', 'missing']] : []),
  ]);

/**
 * Key management under dual control (issue 37, docs/keys.md): the key manager's status (with
 * the keys' rotation), own share, escrow (and data key rotation), recoveries and incidents, in
 * tabs kept in the address (`?tab=escrow&filter=missing`), so a reload or a link shows the same. The auditor reads every tab but "My share" (an auditor
 * holds none) and sees no write button.
 */
export default function AdminKeysPage() {
  const { t } = useTranslation('adminKeys');
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(confirmShare);
  const status = useKeyStatus();
  const { state, update } = useAddressState(parseKeysAddress, keysSearch);
  const shown: readonly string[] = TABS.filter((k) => k !== 'share' || canWrite);
  const tab = (state.tab && shown.includes(state.tab) ? state.tab : 'status') as Tab;
  const { filter } = state;
  /** Another tab; escrow keeps its filter unless one is given. */
  const go = (next: Tab, escrow?: EscrowFilter) =>
    update((s) => ({ tab: next, filter: escrow ?? s.filter }));

  const s = status.data;
  const body = status.isError ? (
    <LoadError title={t('loadFailed')} error={status.error} onRetry={() => void status.refetch()} />
  ) : !s ? (
    <Skeleton active />
  ) : (
    <Tabs
      className="keys-tabs"
      activeKey={tab}
      onChange={(k) => go(k as Tab)}
      items={[
        {
          key: 'status',
          label: t('tabs.status'),
          children: (
            <StatusTab
              status={s}
              canWrite={canWrite}
              onShowMissing={() => go('escrow', 'missing')}
            />
          ),
        },
        ...(canWrite
          ? [{ key: 'share', label: t('tabs.myShare'), children: <MyShareTab status={s} /> }]
          : []),
        {
          key: 'escrow',
          label: t('tabs.escrow'),
          children: (
            <EscrowTab filter={filter} onFilter={(f) => go('escrow', f)} canWrite={canWrite} />
          ),
        },
        {
          key: 'recoveries',
          label: t('tabs.recoveries'),
          children: (
            <RecoveriesTab
              canWrite={canWrite}
              threshold={s.activeSplit ? s.activeSplit.threshold : undefined}
            />
          ),
        },
        {
          key: 'incidents',
          label: t('tabs.incidents'),
          children: <IncidentsTab status={s} canWrite={canWrite} />,
        },
      ]}
    />
  );

  return (
    <PageContainer title={tm('adminKeys')}>
      <p>{t('intro')}</p>
      {!canWrite && (
        <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 16 }} />
      )}
      {body}
    </PageContainer>
  );
}
