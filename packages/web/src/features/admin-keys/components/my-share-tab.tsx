import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Modal, Space } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TKeyStatus } from '@edp/shared/contracts/keys';
import { showOnField } from '../../../lib/form-refusal.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useConfirmShare, useSaveShare } from '../api/keys.ts';
import { ShareTag } from './key-labels.tsx';
import { OpenShareModal } from './open-share-modal.tsx';
import { ProtectFields, toProtect, type ProtectValues } from './protect-fields.tsx';

/**
 * "Download my share": once, encrypted to a passphrase typed twice or the holder's age
 * recipient; the dialog warns that there is no second download.
 */
function DownloadShareModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('adminKeys');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<{ protect: ProtectValues }>();
  const save = useSaveShare();
  return (
    <Modal
      open
      title={t('myShare.downloadTitle')}
      okText={t('myShare.downloadOk')}
      okButtonProps={{ icon: <DownloadOutlined /> }}
      cancelText={ta('actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Alert type="warning" showIcon title={t('myShare.once')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="vertical"
        name="share-download"
        onFinish={(v) =>
          void save.mutateAsync(toProtect(v.protect)).then(
            (file) => {
              toastSuccess(t('myShare.saved', { file }));
              onClose();
            },
            (e: unknown) => showOnField(form, e),
          )
        }
      >
        <ProtectFields name="protect" label={t('myShare.protect')} />
      </Form>
    </Modal>
  );
}

/**
 * The caller's own share of the pending or active split: its state, "Download my share" (once)
 * and "Confirm my share" (the file decrypted in the browser, or the clear text), which is what
 * makes a new split take effect once every holder has.
 */
export function MyShareTab({ status }: { status: TKeyStatus }) {
  const { t } = useTranslation('adminKeys');
  const [dialog, setDialog] = useState<'download' | 'confirm'>();
  const confirm = useConfirmShare();
  const mine = status.myShare;
  if (!mine) {
    return (
      <Alert type="info" showIcon title={t('myShare.none')} description={t('myShare.noneHelp')} />
    );
  }
  return (
    <>
      <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('myShare.state')}>
          <Space wrap>
            <ShareTag state={mine.share} />
            <span>{t(`splitStates.${mine.splitState}`)}</span>
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={mine.share === 'confirmed' ? 'success' : 'info'}
        showIcon
        title={t(`myShare.${mine.share}`)}
        style={{ marginBottom: 16 }}
      />
      <Space wrap>
        {mine.share === 'ready' && (
          <Button type="primary" icon={<DownloadOutlined />} onClick={() => setDialog('download')}>
            {t('myShare.download')}
          </Button>
        )}
        {mine.share === 'downloaded' && (
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            onClick={() => setDialog('confirm')}
          >
            {t('myShare.confirm')}
          </Button>
        )}
      </Space>
      {dialog === 'download' && <DownloadShareModal onClose={() => setDialog(undefined)} />}
      {dialog === 'confirm' && (
        <OpenShareModal
          name="share-confirm"
          title={t('myShare.confirmTitle')}
          okText={t('open.submit')}
          onShare={async (share) => {
            await confirm.mutateAsync(share);
            toastSuccess(t('myShare.confirmedDone'));
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  );
}
