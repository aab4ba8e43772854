import { Button, Form, Upload, type UploadFile } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_BYTES_MAX,
  ATTACHMENT_TYPES,
  ATTACHMENTS_MAX,
  attachmentTypeOf,
} from '@edp/shared/contracts/support-requests-values';
import { uploadedFile } from '../../../lib/uploaded-files.ts';

const accept = Object.keys(ATTACHMENT_TYPES).join(',');

/**
 * Files to attach (the form field `files`): chosen, not sent until the form is; kinds and size
 * checked here as the server checks them, so a refusal says which file at once.
 */
export function AttachFiles() {
  const { t } = useTranslation('requests');
  return (
    <Form.Item
      name="files"
      label={t('files')}
      extra={t('filesHint', { count: ATTACHMENTS_MAX })}
      valuePropName="fileList"
      getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
      rules={[
        {
          validator: (_, list: UploadFile[] | undefined) => {
            const bad = (list ?? []).find(
              (f) => !attachmentTypeOf(f.name) || (f.size ?? 0) > ATTACHMENT_BYTES_MAX,
            );
            return bad
              ? Promise.reject(new Error(t('fileRefused', { name: bad.name })))
              : Promise.resolve();
          },
        },
      ]}
    >
      <Upload accept={accept} multiple maxCount={ATTACHMENTS_MAX} beforeUpload={() => false}>
        <Button icon={<PaperClipOutlined />}>{t('attach')}</Button>
      </Upload>
    </Form.Item>
  );
}

/** The chosen files as the calls take them. */
export const filesToSend = (list: UploadFile[] | undefined) =>
  Promise.all(
    (list ?? []).flatMap((f) => (f.originFileObj ? [uploadedFile(f.originFileObj)] : [])),
  );
