import { Alert, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TReportMake } from '@edp/shared/contracts/reports';
import {
  REPORT_KINDS,
  REPORT_DAYS,
  REPORT_LOCALES,
  type ReportKind,
} from '@edp/shared/contracts/reports-values';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { periodNotEnded } from '../lib/period.ts';

interface Values {
  kind: ReportKind;
  day?: Dayjs | null;
  locale: NonNullable<TReportMake['locale']>;
}

/** The days the server takes (REPORT_DAYS): a period past them could not be made. */
const outOfRange = (d: Dayjs) => {
  const day = d.format('YYYY-MM-DD');
  return day < REPORT_DAYS.first || day > REPORT_DAYS.last;
};

interface MakeReportModalProps {
  open: boolean;
  pending: boolean;
  /** The reader's language: the report's, unless another is chosen. */
  locale: Values['locale'];
  tz: string | undefined;
  onCancel: () => void;
  onMake: (body: TReportMake) => Promise<unknown>;
}

/**
 * Asks for a report now: its kind, a day of its period (default the last ended) and its language.
 * A day whose period has not ended yet is allowed, and the dialog says what that report holds:
 * the period up to the moment it is made, so partial figures (issue 35).
 */
export function MakeReportModal({
  open,
  pending,
  locale,
  tz,
  onCancel,
  onMake,
}: MakeReportModalProps) {
  const { t } = useTranslation('adminReports');
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'monthly';
  const day = Form.useWatch('day', form);
  const partial = periodNotEnded(kind, day, dayjs());
  return (
    <FormModal<Values>
      open={open}
      title={t('make.title')}
      form={form}
      name="make-report"
      pending={pending}
      onCancel={onCancel}
      initialValues={{ kind: 'monthly', locale }}
      onSubmit={(v) =>
        onMake({
          kind: v.kind,
          locale: v.locale,
          ...(v.day ? { day: v.day.format('YYYY-MM-DD') } : {}),
          ...(tz ? { tz } : {}),
        })
      }
    >
      <Form.Item name="kind" label={t('make.kind')} rules={[{ required: true }]}>
        <Select options={REPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item name="day" label={t('make.day')} extra={t('make.dayHelp')}>
        <DatePicker style={{ width: '100%' }} disabledDate={outOfRange} />
      </Form.Item>
      {partial && (
        <Alert
          type="warning"
          showIcon
          title={t('make.notEnded')}
          description={t('make.notEndedHelp')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item name="locale" label={t('make.language')}>
        <Select options={REPORT_LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))} />
      </Form.Item>
    </FormModal>
  );
}
