import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container.tsx';
import '../../admin-common/lib/admin-locales.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useLoginSettings } from '../api/get-login-settings.ts';
import { useSetLoginSettings } from '../api/set-login-settings.ts';
import { LoginSettingsForm } from '../components/login-settings-form.tsx';
import { toSettings } from '../lib/settings-values.ts';
import { saveLoginSettings } from '@edp/shared/api/console/login.calls';

/** Login settings (system duty): read by any system role, saved by a writable one. */
export default function AdminLoginSettingsPage() {
  const { t: tm } = useTranslation('menu');
  const canWrite = useMayCall(saveLoginSettings);
  const settings = useLoginSettings();
  const save = useSetLoginSettings();
  return (
    <PageContainer title={tm('adminLoginSettings')}>
      {settings.data ? (
        <LoginSettingsForm
          value={settings.data}
          canWrite={canWrite}
          saving={save.isPending}
          onSave={(v) => void save.mutateAsync(toSettings(v)).catch(() => undefined)}
        />
      ) : (
        <Spin />
      )}
    </PageContainer>
  );
}
