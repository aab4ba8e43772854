import { useEffect } from 'react';
import { Button, Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TReportSchedule } from '@edp/shared/contracts/reports';
import {
  REPORT_KINDS,
  REPORT_LOCALES,
  type ReportKind,
} from '@edp/shared/contracts/reports-values';

interface ScheduleFormProps {
  value: TReportSchedule;
  /** The zone the periods are cut in: the browser's, saved with the schedule. */
  tz: string;
  canWrite: boolean;
  saving: boolean;
  onSave: (schedule: TReportSchedule) => Promise<unknown>;
}

interface Values {
  kinds: ReportKind[];
  locale: TReportSchedule['locale'];
}

/** Which of daily, weekly and monthly reports are made after each period ends, and in which language. */
export function ScheduleForm({ value, tz, canWrite, saving, onSave }: ScheduleFormProps) {
  const { t } = useTranslation('adminReports');
  const [form] = Form.useForm<Values>();
  const initial: Values = {
    kinds: REPORT_KINDS.filter((k) => value[k]),
    locale: value.locale,
  };
  useEffect(() => form.setFieldsValue(initial), [value, form]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (v: Values) =>
    onSave({
      daily: v.kinds.includes('daily'),
      weekly: v.kinds.includes('weekly'),
      monthly: v.kinds.includes('monthly'),
      locale: v.locale,
      tz,
    }).catch(() => undefined);

  return (
    <Form
      form={form}
      layout="vertical"
      name="report-schedule"
      initialValues={initial}
      disabled={!canWrite}
      onFinish={(v) => void submit(v)}
    >
      <Form.Item name="kinds" label={t('schedule.kinds')} extra={t('schedule.help', { tz })}>
        <Checkbox.Group options={REPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="locale" label={t('schedule.language')}>
        <Select
          style={{ maxWidth: 200 }}
          options={REPORT_LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))}
        />
      </Form.Item>
      {canWrite && (
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('schedule.save')}
        </Button>
      )}
    </Form>
  );
}
