import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
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
