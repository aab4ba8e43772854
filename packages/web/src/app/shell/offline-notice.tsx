import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../../lib/use-connectivity.ts';

/**
 * A banner while the browser is offline or the API does not answer. Plain markup rather than
 * antd's Alert: it is part of every first load and must work when nothing else can be fetched.
 */
export function OfflineNotice() {
  const { online, apiReachable } = useConnectivity();
  const { t } = useTranslation('common');
  if (online && apiReachable) return null;
  return (
    <div role="status" className="offline-notice">
      <span aria-hidden className="offline-notice__icon">
        !
      </span>
      {t(online ? 'offline.api' : 'offline.browser')}
    </div>
  );
}
