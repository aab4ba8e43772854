import { useEffect } from 'react';
import { Button, Form, Modal, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOG_RETENTION_MONTHS } from '@edp/shared/contracts/log-values';
import type { TLogSettings } from '@edp/shared/contracts/logs';
import { shortens } from '../lib/log-settings.ts';

interface LogSettingsFormProps {
  value: TLogSettings;
  canWrite: boolean;
  saving: boolean;
  onSave: (settings: TLogSettings) => Promise<unknown>;
}

/**
 * The retention (1 month, half a year, 1 year) and the backup switch. Shortening the retention
 * asks first: the weeks past it are deleted at the next cleanup.
 */
export function LogSettingsForm({ value, canWrite, saving, onSave }: LogSettingsFormProps) {
  const { t } = useTranslation('adminLogSettings');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<TLogSettings>();
  const [modal, holder] = Modal.useModal();
  useEffect(() => form.setFieldsValue(value), [value, form]);
  const months = (n: number) => t(`settings.months.${String(n) as '1' | '6' | '12'}`);

  const submit = async (next: TLogSettings) => {
    if (shortens(value.retentionMonths, next.retentionMonths)) {
      const sure = await modal.confirm({
        title: t('settings.shortenTitle'),
        content: t('settings.shortenBody', {
          fromPeriod: months(value.retentionMonths),
          toPeriod: months(next.retentionMonths),
          backup: next.backup ? t('settings.withBackup') : t('settings.withoutBackup'),
        }),
        okText: t('settings.shortenOk'),
        cancelText: ta('actions.cancel'),
        okButtonProps: { danger: true },
      });
      if (!sure) return;
    }
    await onSave(next).catch(() => undefined);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      name="log-settings"
      initialValues={value}
      disabled={!canWrite}
      onFinish={(v) => void submit(v)}
    >
      {holder}
      <Form.Item name="retentionMonths" label={t('settings.retention')}>
        <Radio.Group
          optionType="button"
          options={LOG_RETENTION_MONTHS.map((n) => ({ value: n, label: months(n) }))}
        />
      </Form.Item>
      <Form.Item
        name="backup"
        label={t('settings.backup')}
        valuePropName="checked"
        extra={t('settings.backupHelp')}
      >
        <Switch />
      </Form.Item>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('settings.save')}
        </Button>
      )}
    </Form>
  );
}
