import { Button, Card, Statistic } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { useBalance } from '../api/get-balance.ts';
import '../../../components/portal-texts.ts';
import '../components/balance-texts.ts';
import { BalanceHistoryTable } from '../parts/balance-history-table.tsx';

/** My balance (docs/product.md §2 /balance): the balance in months and its paged history. */
export default function BalancePage() {
  const { t } = useTranslation('balance');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const paging = usePaging();
  const query = useBalance(paging.params);
  return (
    <PageContainer
      title={tm('balance')}
      extra={
        <Button type="primary" icon={<WalletOutlined />} onClick={() => void navigate('/recharge')}>
          {t('recharge')}
        </Button>
      }
    >
      <Card className="stat-card">
        <Statistic
          title={t('current')}
          value={query.data?.balance ?? '—'}
          suffix={t('monthsUnit')}
          loading={query.isPending}
        />
      </Card>
      <h2 className="section-title">{t('history')}</h2>
      <BalanceHistoryTable
        records={query.data?.list}
        loading={query.isFetching}
        pagination={paging.pagination(query.data?.total)}
      />
    </PageContainer>
  );
}
