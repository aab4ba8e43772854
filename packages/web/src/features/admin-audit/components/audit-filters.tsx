import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import { useAuditActions } from '../api/get-audit-actions.ts';
import type { AuditFilter } from '../lib/audit-filter.ts';

interface Values {
  period?: [Dayjs | null, Dayjs | null] | null;
  account?: string;
  action?: string;
  result?: 'success' | 'failure' | '';
  keyword?: string;
}

/** Time range, actor, action, result and target keyword of the audit log. */
export function AuditFilters({ onChange }: { onChange: (filter: AuditFilter) => void }) {
  const { t } = useTranslation('adminAudit');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const actions = useAuditActions();

  const apply = ({ period, result, ...rest }: Values) =>
    onChange({
      ...rest,
      result: result || undefined,
      from: period?.[0]?.toISOString(),
      to: period?.[1]?.toISOString(),
    });

  return (
    <Form
      form={form}
      layout="inline"
      name="audit-filters"
      onFinish={apply}
      initialValues={{ result: '' }}
      style={{ rowGap: 12 }}
    >
      <Form.Item name="period" label={t('audit.period')}>
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
        />
      </Form.Item>
      <Form.Item name="account" label={t('audit.account')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="action" label={t('audit.action')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          placeholder={t('audit.allActions')}
          loading={actions.isLoading}
          options={actions.data?.list.map((a) => ({ value: a.action, label: a.label }))}
        />
      </Form.Item>
      <Form.Item name="result" label={t('audit.result')}>
        <Select
          style={{ width: 120 }}
          options={[
            { value: '', label: t('audit.allResults') },
            { value: 'success', label: t('audit.success') },
            { value: 'failure', label: t('audit.failure') },
          ]}
        />
      </Form.Item>
      <Form.Item name="keyword" label={t('audit.keyword')}>
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit">
          {ta('actions.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onChange({});
          }}
        >
          {ta('actions.reset')}
        </Button>
      </Space>
    </Form>
  );
}
