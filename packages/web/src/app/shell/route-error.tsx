import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Error boundary of the router: mostly a lazy chunk that failed to load (offline, or a new
 * version replaced the old files), where a reload is the fix. Plain markup: antd's Result
 * carries large illustrations that every first load would pay for.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <main id="main" className="centered-page">
      <div className="route-error" role="alert">
        <h1 className="result-title">{t('routeError.title')}</h1>
        <p>{t('routeError.subTitle')}</p>
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </div>
    </main>
  );
}
