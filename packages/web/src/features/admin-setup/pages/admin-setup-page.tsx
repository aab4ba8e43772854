import { useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useRegState } from '../../admin-common/api/get-reg-state.ts';
import '../../admin-common/lib/admin-locales.ts';
import { policyOf } from '../../admin-common/lib/password-policy.ts';
import { SetupResult } from '../components/setup-result.tsx';
import { SetupWizard } from '../components/setup-wizard.tsx';
import type { SetupValues } from '../lib/setup-payload.ts';
import './admin-setup-page.css';
import { adminPath } from '../../../lib/admin-paths.ts';

/** /admin/setup: the initial setup wizard while setup is open, else a way to the login. */
export default function AdminSetupPage() {
  const { t } = useTranslation('adminAuth');
  const { t: tm } = useTranslation('menu');
  const navigate = useNavigate();
  const state = useRegState();
  const [done, setDone] = useState<SetupValues>();

  let body;
  if (done) body = <SetupResult values={done} />;
  else if (state.isLoading) body = <Spin />;
  else if (!state.data?.open)
    body = (
      <Result
        status="info"
        title={t('setup.closed')}
        extra={
          <Button type="primary" onClick={() => void navigate(adminPath('adminLogin'))}>
            {t('setup.toLogin')}
          </Button>
        }
      />
    );
  else body = <SetupWizard policy={policyOf(undefined)} onDone={setDone} />;

  return (
    <div className="admin-setup">
      <section className="admin-setup__card" aria-labelledby="setup-title">
        <h1 id="setup-title" className="admin-setup__title">
          {tm('adminSetup')}
        </h1>
        <p className="admin-setup__subtitle">{t('setup.subtitle')}</p>
        {body}
      </section>
    </div>
  );
}
