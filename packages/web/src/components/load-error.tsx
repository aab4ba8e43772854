import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "The tenants could not be loaded". */
  title: string;
  /** The server's (or the HTTP client's) reason. */
  error: Error;
  onRetry: () => void;
}

/** A read that failed: what, why, and a retry, in place of the data (the query is silent). */
export function LoadError({ title, error, onRetry }: LoadErrorProps) {
  const { t: tc } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={error.message}
      action={<Button onClick={onRetry}>{tc('actions.retry')}</Button>}
      style={{ marginBottom: 16 }}
    />
  );
}
