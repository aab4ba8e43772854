import { Button, Result } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adminPath } from '../../lib/admin-paths.ts';

/** A console page outside the user's duties. */
export function AdminForbidden() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  return (
    <Result
      icon={<LockOutlined className="result-icon" aria-hidden />}
      title={<h1 className="page-container__title">{t('forbidden.title')}</h1>}
      subTitle={t('forbidden.subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate(adminPath('adminHome'))}>
          {t('forbidden.back')}
        </Button>
      }
    />
  );
}
