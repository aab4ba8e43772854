import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { syncFailure } from '../lib/sync-failure.ts';
import './console-parts.css';

/**
 * A synchronous command that failed, in place of its answer: the device offline (-10120, at
 * once: nothing spins), no answer in time (-10121), or the engine's refusal in its code's
 * words, with a retry when one makes sense.
 */
export function SyncAlert({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const { t } = useTranslation('adminTasks');
  const kind = syncFailure(error);
  return (
    <Alert
      className="sync-answer"
      type={kind === 'offline' ? 'warning' : 'error'}
      showIcon
      role="alert"
      title={t(`device.sync.${kind}`)}
      description={error.message}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('device.sync.retry')}
          </Button>
        )
      }
    />
  );
}
