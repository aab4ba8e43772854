import { Alert, Button, Input, Modal, Space, Spin } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { autoLoginLink, useLoginToken, useRegenerateLoginToken } from '../api/get-login-token.ts';

interface AutoLoginModalProps {
  open: boolean;
  onClose: () => void;
  /** Shows the success toast after copying (antd message from the caller's context). */
  onCopied: () => void;
}

/** My auto-login link (/login/gt): show and copy it, or make a new one after a confirmation. */
export function AutoLoginModal({ open, onClose, onCopied }: AutoLoginModalProps) {
  const { t } = useTranslation('admin');
  const token = useLoginToken(open);
  const regenerate = useRegenerateLoginToken();
  const [modal, holder] = Modal.useModal();
  const link = token.data ? autoLoginLink(token.data) : '';

  const copy = () => void navigator.clipboard?.writeText(link).then(onCopied, () => undefined);
  const confirmRegenerate = () =>
    void modal.confirm({
      title: t('profile.regenerate'),
      content: t('profile.regenerateConfirm'),
      okText: t('confirm.ok'),
      cancelText: t('actions.cancel'),
      onOk: () => regenerate.mutateAsync(),
    });

  return (
    <Modal
      open={open}
      title={t('userMenu.autoLogin')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('actions.close')}</Button>}
    >
      {holder}
      <Alert type="info" showIcon title={t('profile.autoLoginHint')} />
      {token.isLoading ? (
        <Spin />
      ) : (
        <Space.Compact style={{ width: '100%', marginTop: 16 }}>
          <Input readOnly value={link} aria-label={t('profile.autoLoginLink')} />
          <Button icon={<CopyOutlined />} onClick={copy} disabled={!link}>
            {t('actions.copy')}
          </Button>
        </Space.Compact>
      )}
      <Button
        style={{ marginTop: 16 }}
        danger
        icon={<ReloadOutlined />}
        loading={regenerate.isPending}
        onClick={confirmRegenerate}
      >
        {t('profile.regenerate')}
      </Button>
    </Modal>
  );
}
