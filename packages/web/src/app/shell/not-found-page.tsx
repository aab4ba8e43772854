import { Button, Result } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      icon={<CompassOutlined className="result-icon" aria-hidden />}
      title={<h1 className="result-title">{t('notFound.title')}</h1>}
      subTitle={t('notFound.subTitle')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
