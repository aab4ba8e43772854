import { useEffect, useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../components/auth-card.tsx';
import { ApiError } from '../../../lib/http.ts';
import '../../admin-common/lib/admin-locales.ts';
import { tokenLogin } from '../api/token-login.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** /admin/auto-login?token=…: signs in with the auto-login link's token, then opens the console. */
export default function AdminAutoLoginPage() {
  const { t } = useTranslation('adminAuth');
  const { t: tm } = useTranslation('menu');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    tokenLogin(token).then(
      () => !cancelled && void navigate(adminPath('adminHome'), { replace: true }),
      (e: unknown) => !cancelled && setError(e instanceof ApiError ? e.msg : t('autoLogin.failed')),
    );
    return () => {
      cancelled = true;
    };
  }, [token, navigate, t]);

  const failure = !token ? t('autoLogin.noToken') : error;
  return (
    <AuthCard title={tm('adminAutoLogin')}>
      {failure ? (
        <>
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('autoLogin.failed')}
            description={failure}
          />
          <Button
            type="primary"
            block
            style={{ marginTop: 16 }}
            onClick={() => void navigate(adminPath('adminLogin'))}
          >
            {t('autoLogin.toLogin')}
          </Button>
        </>
      ) : (
        <Spin tip={t('autoLogin.signingIn')}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      )}
    </AuthCard>
  );
}
