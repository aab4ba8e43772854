import { useState } from 'react';
import { Spin } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { safeRedirect } from '../../../lib/auth-paths.ts';
import { useRegState } from '../../admin-common/api/get-reg-state.ts';
import '../../admin-common/lib/admin-locales.ts';
import { policyOf } from '../../admin-common/lib/password-policy.ts';
import { useTenantInfo } from '../../tenant/api/get-tenant-info.ts';
import type { TLoginResult } from '@edp/shared/contracts/login';
import { signInAdmin } from '../../../lib/session.ts';
import type { AdminLoginInput } from '../api/admin-login.ts';
import { AdminLoginForm } from '../components/admin-login-form.tsx';
import { ExpiredPasswordForm } from '../components/expired-password-form.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';

/**
 * Console login (/admin/login): heading from the owner info, captcha and login code as the
 * tenant sets them, the forced password change on -10060, then back to `redirect`.
 */
export default function AdminLoginPage() {
  const { t } = useTranslation('adminAuth');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const { search } = useLocation();
  const tenant = useTenantInfo();
  const reg = useRegState();
  const [expired, setExpired] = useState<AdminLoginInput>();
  const [prefill, setPrefill] = useState<Partial<AdminLoginInput>>();

  const info = tenant.data;
  const captcha = !!info?.loginSet.picCodeTag;
  const code = !!(info?.sms || info?.loginSet.mailCode);
  const done = () => void navigate(safeRedirect(search, 'admin'), { replace: true });

  const changed = (login: AdminLoginInput, newPassword: string, session?: TLoginResult) => {
    // The change signed the user in; where the tenant requires login codes it did not, and the
    // user signs in again, the new password filled in, with a code.
    if (session) {
      signInAdmin(session.token, session.user);
      done();
      return;
    }
    setPrefill({ account: login.account, password: newPassword });
    setExpired(undefined);
  };

  const title = expired ? t('expired.title') : info?.sysName || info?.company || tm('adminLogin');
  const subtitle = info?.sysName && info.company ? info.company : t('login.subtitle');

  return (
    <AuthCard
      title={title}
      subtitle={expired ? undefined : subtitle}
      footer={
        reg.data?.open && !expired ? (
          <Link to={adminPath('adminSetup')}>{t('login.toSetup')}</Link>
        ) : undefined
      }
    >
      {tenant.isLoading ? (
        <Spin />
      ) : expired ? (
        <ExpiredPasswordForm
          login={expired}
          policy={policyOf(info?.loginSet.pwdMatch)}
          captcha={captcha}
          onChanged={(pwd, session) => changed(expired, pwd, session)}
          onBack={() => setExpired(undefined)}
        />
      ) : (
        <AdminLoginForm
          key={prefill?.password ?? ''}
          captcha={captcha}
          code={code}
          initial={prefill}
          onSignedIn={done}
          onExpired={(input) => setExpired(input)}
        />
      )}
    </AuthCard>
  );
}
