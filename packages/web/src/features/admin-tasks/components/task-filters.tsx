import { useEffect } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import { COMMAND_STATES, TASK_TYPES } from '@edp/shared/contracts/commands-values';
import type { TaskFilter } from '../lib/task-list-url.ts';
import { useTypeWords } from '../parts/task-labels.tsx';

interface Values {
  status?: TaskFilter['status'];
  type?: TaskFilter['type'];
  operatorId?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values for a filter (the address's, on a reload or Back). */
const valuesOf = (f: TaskFilter): Values => ({
  status: f.status,
  type: f.type,
  operatorId: f.operatorId,
  period: f.from || f.to ? [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null] : null,
});

/**
 * The task list's filters, applied as they change: status, type, operator (the signed-in user
 * and whoever made a task the caller sees, `/dv/m/task/operators`), and the creation time. They
 * show `value`, the filter the address holds.
 */
export function TaskFilters({
  value,
  operators,
  onChange,
}: {
  value: TaskFilter;
  operators: { value: string; label: string }[];
  onChange: (filter: TaskFilter) => void;
}) {
  const { t } = useTranslation('adminTasks');
  const { t: ta } = useTranslation('admin');
  const typeWords = useTypeWords();
  const [form] = Form.useForm<Values>();
  // Back and forward change the address under the form: it follows. Keyed by content, since the
  // address is parsed again on every render.
  const shown = JSON.stringify(value);
  useEffect(() => {
    form.setFieldsValue(valuesOf(JSON.parse(shown) as TaskFilter));
  }, [form, shown]);
  const apply = ({ period, ...rest }: Values) =>
    onChange({
      status: rest.status || undefined,
      type: rest.type || undefined,
      operatorId: rest.operatorId || undefined,
      // ZDate takes an ISO time; the day's start and end in the reader's zone.
      from: period?.[0]?.startOf('day').toISOString(),
      to: period?.[1]?.endOf('day').toISOString(),
    });

  return (
    <Form
      form={form}
      layout="inline"
      name="task-filters"
      initialValues={valuesOf(value)}
      onValuesChange={(_, all) => apply(all)}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="status" label={t('list.filters.status')}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('list.filters.allStatuses')}
          options={COMMAND_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="type" label={t('list.filters.type')}>
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('list.filters.allTypes')}
          options={TASK_TYPES.map((s) => ({ value: s, label: typeWords(s) }))}
        />
      </Form.Item>
      <Form.Item name="operatorId" label={t('list.filters.operator')}>
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('list.filters.anyOperator')}
          options={operators}
        />
      </Form.Item>
      <Form.Item name="period" label={t('list.filters.period')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
      <Button
        onClick={() => {
          form.resetFields();
          onChange({});
        }}
      >
        {ta('actions.reset')}
      </Button>
    </Form>
  );
}
