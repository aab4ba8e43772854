import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';

/**
 * A log list's custom span: its start (required) and its end (open when left empty), to the
 * minute. Its own module, loaded when "Custom" is chosen: the date picker and dayjs are about a
 * third of a log page's script, which most visits never use (log-filters.tsx).
 */
export default function LogSpanPicker({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  /** The span chosen: its start as an ISO time, and its end when one is. */
  onChange: (from: string, to: string | undefined) => void;
}) {
  const { t } = useTranslation('adminLogs');
  const change = (span: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = span ?? [];
    if (start) onChange(start.toISOString(), end?.toISOString());
  };
  return (
    <DatePicker.RangePicker
      aria-label={t('range.span')}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowEmpty={[false, true]}
      placeholder={[t('range.pickStart'), t('range.span')]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      onChange={change}
    />
  );
}
