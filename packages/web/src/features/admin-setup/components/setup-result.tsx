import { Alert, Button, Result, Table } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createdAccounts, type SetupValues } from '../lib/setup-payload.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

/** What the setup created, and the way to the console login. */
export function SetupResult({ values }: { values: SetupValues }) {
  const { t } = useTranslation('adminAuth');
  const navigate = useNavigate();
  const accounts = createdAccounts(values);
  const titles = {
    admin: t('setup.steps.admin'),
    keyAdmin: t('setup.steps.keyAdmin'),
    operator: t('setup.steps.operator'),
    auditor: t('setup.steps.auditor'),
  };
  return (
    <Result
      status="success"
      title={<h2 className="admin-setup__step">{t('setup.successTitle')}</h2>}
      subTitle={t('setup.successSub')}
      extra={
        <Button type="primary" onClick={() => void navigate(adminPath('adminLogin'))}>
          {t('setup.loginNow')}
        </Button>
      }
    >
      {accounts.length === 1 && (
        <Alert type="warning" showIcon title={t('setup.superNote')} style={{ marginBottom: 16 }} />
      )}
      <Table
        rowKey="duty"
        size="small"
        pagination={false}
        dataSource={accounts}
        columns={[
          {
            title: t('setup.role'),
            dataIndex: 'duty',
            render: (duty: keyof typeof titles) => titles[duty],
          },
          { title: t('setup.account'), dataIndex: 'account' },
          { title: t('setup.name'), dataIndex: 'name' },
        ]}
      />
    </Result>
  );
}
