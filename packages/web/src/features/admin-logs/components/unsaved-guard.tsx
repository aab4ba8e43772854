import { useEffect } from 'react';
import { Modal } from 'antd';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * Asks before the rules page is left with changes not saved: the app's own links through the
 * router (a question in a dialog), a reload or closing the tab through the browser's own.
 */
export function UnsavedGuard({ when }: { when: boolean }) {
  const { t } = useTranslation('adminLogs');
  const blocker = useBlocker(when);
  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('rules.leaveTitle')}
      okText={t('rules.leave')}
      okButtonProps={{ danger: true }}
      cancelText={t('rules.stay')}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{t('rules.leaveText')}</p>
    </Modal>
  );
}
