import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  REPORT_KINDS,
  REPORT_DAYS,
  REPORT_LOCALES,
  type ReportKind,
  type TReportMake,
} from '@edp/shared/contracts/reports';
import { FormModal } from '../../admin-common/components/form-modal.tsx';

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

/** Asks for a report now: its kind, a day of its period (default the last ended) and its language. */
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
      <Form.Item name="locale" label={t('make.language')}>
        <Select options={REPORT_LOCALES.map((l) => ({ value: l, label: t(`locales.${l}`) }))} />
      </Form.Item>
    </FormModal>
  );
}
