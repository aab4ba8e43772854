import { Skeleton } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LOGIN_PATH } from '../../../lib/auth-paths.ts';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/account.lazy.ts';
import en from '../../../locales/en-US/account.lazy.ts';
import { useVendorCheck } from '../api/check-vendor.ts';
import '../components/vendor-texts.ts';
import { VendorInitForm } from '../components/vendor-init-form.tsx';

// The password rule texts are the change-password ones.
addLazyNamespace('account', { 'zh-CN': zh, 'en-US': en });

/** First run (/sa/init): create the super administrator, once; afterwards → /sa/login. */
export default function VendorInitPage() {
  const { t } = useTranslation('vendor');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const check = useVendorCheck();
  if (check.data?.initialized) return <Navigate to={LOGIN_PATH.vendor} replace />;
  return (
    <AuthCard
      title={tm('saInit')}
      subtitle={t('init.subtitle')}
      footer={<Link to={LOGIN_PATH.vendor}>{tm('vendorLogin')}</Link>}
    >
      {check.isPending ? (
        <Skeleton active />
      ) : (
        <VendorInitForm onDone={() => void navigate(LOGIN_PATH.vendor, { replace: true })} />
      )}
    </AuthCard>
  );
}
