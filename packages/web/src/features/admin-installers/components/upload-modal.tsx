import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadInstaller } from '@edp/shared/api/console/installers.calls';
import { ENGINE_KINDS, type EngineKind } from '@edp/shared/constants';
import { VERSION_PATTERN } from '@edp/shared/contracts/installer-format';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useUploadInstaller } from '../api/installers.ts';
import {
  ACCEPT,
  EXTENSIONS_TEXT,
  MAX_SIZE_TEXT,
  fileProblem,
  nameAndVersionOf,
  readBase64,
} from '../lib/installer-file.ts';

interface Values {
  file: UploadFile[];
  name: string;
  version: string;
  kind: EngineKind;
  systemVersion: string;
  description?: string;
}

/** Upload an installer: the file is checked here (extension, size, format) before it is sent. */
export function UploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminInstallers');
  const [form] = Form.useForm<Values>();
  const upload = useUploadInstaller();
  const limits = useFieldLimits(uploadInstaller);
  const [reading, setReading] = useState(false);
  const req = (field: string) => ({ required: true, message: t('form.required', { field }) });

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  // A package's file name carries its name and version: they fill the fields left empty.
  const picked = Form.useWatch('file', form)?.[0]?.name;
  useEffect(() => {
    const found = picked ? nameAndVersionOf(picked) : undefined;
    if (!found) return;
    const { name, version } = form.getFieldsValue(['name', 'version']) as Partial<Values>;
    if (!name?.trim()) form.setFieldValue('name', found.name);
    if (!version?.trim()) form.setFieldValue('version', found.version);
  }, [picked, form]);

  const submit = async (values: Values) => {
    const picked = values.file[0]?.originFileObj;
    if (!picked) return;
    setReading(true);
    let file: string;
    try {
      file = await readBase64(picked);
    } finally {
      setReading(false);
    }
    await upload.mutateAsync({
      fileName: picked.name,
      file,
      name: values.name,
      version: values.version.trim(),
      kind: values.kind,
      systemVersion: values.systemVersion,
      description: values.description?.trim() ?? '',
    });
    onClose();
  };

  return (
    <FormModal<Values>
      open={open}
      title={t('form.title')}
      form={form}
      name="installer"
      pending={reading || upload.isPending}
      onCancel={onClose}
      onSubmit={submit}
      initialValues={{ file: [] }}
    >
      <Form.Item
        name="file"
        label={t('form.file')}
        valuePropName="fileList"
        required
        getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
        extra={t('form.fileHint', { extensions: EXTENSIONS_TEXT, size: MAX_SIZE_TEXT })}
        rules={[
          {
            validator: async (_, list: UploadFile[] | undefined) => {
              const picked = list?.[0]?.originFileObj;
              if (!picked) throw new Error(t('form.fileRequired'));
              const problem = await fileProblem(picked);
              if (problem)
                throw new Error(
                  t(`form.${problem}`, { extensions: EXTENSIONS_TEXT, size: MAX_SIZE_TEXT }),
                );
            },
          },
        ]}
      >
        <Upload accept={ACCEPT} maxCount={1} beforeUpload={() => false}>
          <Button icon={<UploadOutlined />}>{t('form.pick')}</Button>
        </Upload>
      </Form.Item>
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[req(t('form.name')), ...limits('name')]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="version"
        label={t('form.version')}
        rules={[
          req(t('form.version')),
          ...limits('version'),
          { pattern: VERSION_PATTERN, message: t('form.versionInvalid') },
        ]}
      >
        <Input placeholder="1.2.3" />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t('form.kind')}
        rules={[{ required: true, message: t('form.choose', { field: t('form.kind') }) }]}
      >
        <Select
          placeholder={t('form.choose', { field: t('form.kind') })}
          options={ENGINE_KINDS.map((k) => ({ value: k, label: k }))}
        />
      </Form.Item>
      <Form.Item
        name="systemVersion"
        label={t('form.systemVersion')}
        extra={t('form.systemVersionHint')}
        rules={[req(t('form.systemVersion')), ...limits('systemVersion')]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('form.description')} rules={limits('description')}>
        <Input.TextArea rows={2} />
      </Form.Item>
    </FormModal>
  );
}
