import { DatePicker, Form, Input, Modal, Select, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { REQUEST_PRIORITIES } from '@edp/shared/contracts/support-requests-values';
import { showOnField } from '../../../lib/form-refusal.ts';
import { useAddRequest } from '../api/requests.ts';
import { AttachFiles, filesToSend } from './attach-files.tsx';

interface Values {
  project?: string;
  product: string;
  title: string;
  description: string;
  priority: (typeof REQUEST_PRIORITIES)[number];
  expectedAt: Dayjs;
  remarks?: string;
  files?: UploadFile[];
}

/** A new support request, from the customer's portal; mounted only while open. */
export function RequestFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('requests');
  const [form] = Form.useForm<Values>();
  const add = useAddRequest();
  const required = (field: string) => [{ required: true, message: t('required', { field }) }];
  const submit = async (values: Values) => {
    try {
      await add.mutateAsync({
        ...values,
        project: values.project ?? '',
        remarks: values.remarks ?? '',
        expectedAt: values.expectedAt.toISOString(),
        files: await filesToSend(values.files),
        successText: t('created'),
      });
      onClose();
    } catch (error) {
      showOnField(form, error);
    }
  };
  return (
    <Modal
      open
      title={t('addTitle')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
    >
      <Form
        form={form}
        name="support-request"
        layout="vertical"
        initialValues={{ priority: 'middle' }}
        onFinish={submit}
      >
        <Form.Item name="title" label={t('title')} rules={required(t('title'))}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="project" label={t('project')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="product" label={t('product')} rules={required(t('product'))}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="priority" label={t('priority')} rules={required(t('priority'))}>
          <Select
            options={REQUEST_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="expectedAt"
          label={t('expectedAt')}
          rules={[
            ...required(t('expectedAt')),
            {
              validator: (_, value: Dayjs | undefined) =>
                !value || value.valueOf() > Date.now()
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('notPast'))),
            },
          ]}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="description" label={t('description')} rules={required(t('description'))}>
          <Input.TextArea rows={4} maxLength={10_000} />
        </Form.Item>
        <Form.Item name="remarks" label={t('remarks')}>
          <Input.TextArea rows={2} maxLength={2_000} />
        </Form.Item>
        <AttachFiles />
      </Form>
    </Modal>
  );
}
