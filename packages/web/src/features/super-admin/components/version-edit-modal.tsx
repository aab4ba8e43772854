import { saveVersion } from '@edp/shared/api/portal/versions.calls';
import { ENGINE_KINDS } from '@edp/shared/constants';
import { PortalErr } from '@edp/shared/errors/portal';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { useSaveVersion, type VersionRow } from '../api/versions.ts';
import { showServerError } from './server-errors.ts';

type Values = Pick<VersionRow, 'kind' | 'systemType' | 'number' | 'notesZh' | 'notesEn'>;

/**
 * A new draft version, or a version's notes; a draft's kind, system and number too (once tested
 * they are fixed, and shown read-only). Mounted only while open.
 */
export function VersionEditModal({
  version,
  onClose,
}: {
  version: VersionRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('vendor');
  const [form] = Form.useForm<Values>();
  const save = useSaveVersion();
  const limits = useFieldLimits(saveVersion);
  const fixed = !!version && version.state !== 'draft';

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        id: version?.id,
        ...values,
        systemType: values.systemType.trim(),
        number: values.number.trim(),
        successText: t('versions.saved'),
      });
      onClose();
    } catch (error) {
      showServerError(form, error, { [PortalErr.VersionExists]: ['number'] });
    }
  };

  return (
    <Modal
      open
      title={version ? t('versions.editTitle', { number: version.number }) : t('versions.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <Form
        form={form}
        name="version"
        layout="vertical"
        initialValues={
          version ?? { kind: 'TDE', systemType: '', number: '', notesZh: '', notesEn: '' }
        }
        onFinish={submit}
      >
        <Form.Item name="kind" label={t('versions.kind')}>
          <Select disabled={fixed} options={ENGINE_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
        <Form.Item
          name="systemType"
          label={t('versions.systemType')}
          extra={t('versions.systemTypeHint')}
          rules={[
            { required: true, whitespace: true, message: t('versions.systemTypeRequired') },
            ...limits('systemType'),
          ]}
        >
          <Input disabled={fixed} />
        </Form.Item>
        <Form.Item
          name="number"
          label={t('versions.number')}
          extra={fixed ? t('versions.fixedHint') : t('versions.numberHint')}
          rules={[
            { required: true, whitespace: true, message: t('versions.numberRequired') },
            ...limits('number'),
          ]}
        >
          <Input disabled={fixed} autoComplete="off" />
        </Form.Item>
        <Form.Item name="notesZh" label={t('versions.notesZh')} rules={limits('notesZh')}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="notesEn" label={t('versions.notesEn')} rules={limits('notesEn')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
