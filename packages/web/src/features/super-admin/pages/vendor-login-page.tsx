import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { safeRedirect } from '../../../lib/auth-paths.ts';
import { useVendorCheck } from '../api/check-vendor.ts';
import '../components/vendor-texts.ts';
import { VendorLoginForm } from '../components/vendor-login-form.tsx';

/** Vendor login (/sa/login); before the first run it leads to /sa/init. */
export default function VendorLoginPage() {
  const { t } = useTranslation('vendor');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const { search } = useLocation();
  const check = useVendorCheck();
  if (check.data && !check.data.initialized) return <Navigate to="/sa/init" replace />;
  return (
    <AuthCard title={tm('vendorLogin')} subtitle={t('login.subtitle')}>
      <VendorLoginForm
        onSignedIn={() => void navigate(safeRedirect(search, 'vendor'), { replace: true })}
      />
    </AuthCard>
  );
}
