import { useState } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import '../../../components/portal-texts.ts';
import type { RechargeAnswer } from '../api/recharge.ts';
import '../components/balance-texts.ts';
import { RechargeForm } from '../components/recharge-form.tsx';

/** Recharge with a vendor code (docs/product.md §2 /recharge); shows the months added and new balance. */
export default function RechargePage() {
  const { t } = useTranslation('balance');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const [done, setDone] = useState<RechargeAnswer>();
  return (
    <PageContainer title={tm('recharge')}>
      {done ? (
        <Result
          status="success"
          title={t('rechargeDone.title')}
          subTitle={t('rechargeDone.subTitle', { ...done })}
          extra={[
            <Button key="balance" type="primary" onClick={() => void navigate('/balance')}>
              {t('rechargeDone.toBalance')}
            </Button>,
            <Button key="again" onClick={() => setDone(undefined)}>
              {t('rechargeDone.again')}
            </Button>,
          ]}
        />
      ) : (
        <>
          <p>{t('rechargeForm.intro')}</p>
          <RechargeForm onDone={setDone} />
        </>
      )}
    </PageContainer>
  );
}
