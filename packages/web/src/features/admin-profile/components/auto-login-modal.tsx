import { Alert, Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http.ts';
import { formatTime } from '../../../lib/format.ts';
import { autoLoginLink, useLoginToken, useRegenerateLoginToken } from '../api/get-login-token.ts';

interface AutoLoginModalProps {
  open: boolean;
  onClose: () => void;
  /** Shows the success toast after copying (antd message from the caller's context). */
  onCopied: () => void;
}

/**
 * My auto-login link (/login/gt): show and copy it with the time it stops working, or make a new
 * one after a confirmation. Where login codes are required there is none: the server's reason.
 */
export function AutoLoginModal({ open, onClose, onCopied }: AutoLoginModalProps) {
  const { t } = useTranslation('admin');
  const token = useLoginToken(open);
  const regenerate = useRegenerateLoginToken();
  const [modal, holder] = Modal.useModal();
  const link = token.data ? autoLoginLink(token.data.loginToken) : '';
  const refused = token.error instanceof ApiError ? token.error.msg : undefined;

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
      ) : refused ? (
        <Alert style={{ marginTop: 16 }} type="warning" showIcon role="alert" title={refused} />
      ) : (
        <>
          <Space.Compact style={{ width: '100%', marginTop: 16 }}>
            <Input readOnly value={link} aria-label={t('profile.autoLoginLink')} />
            <Button icon={<CopyOutlined />} onClick={copy} disabled={!link}>
              {t('actions.copy')}
            </Button>
          </Space.Compact>
          {token.data && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('profile.autoLoginExpires', { time: formatTime(token.data.expiresAt) })}
            </Typography.Paragraph>
          )}
        </>
      )}
      {!refused && (
        <Button
          style={{ marginTop: 16 }}
          danger
          icon={<ReloadOutlined />}
          loading={regenerate.isPending}
          onClick={confirmRegenerate}
        >
          {t('profile.regenerate')}
        </Button>
      )}
    </Modal>
  );
}
