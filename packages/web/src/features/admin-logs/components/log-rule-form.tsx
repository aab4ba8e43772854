import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLogRules } from '@edp/shared/api/console/logs.calls';
import {
  ACCESS_OPERATIONS,
  ACCESS_OUTCOMES,
  DPI_CHANGES,
  LOG_KINDS,
  LOG_RULE_ACTIONS,
  MONITOR_CHANGES,
  TDE_CHANGES,
} from '@edp/shared/contracts/log-values';
import type { TLogRule } from '@edp/shared/contracts/logs';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { FormModal } from '../../admin-common/components/form-modal.tsx';
import { useLogOptions } from '../../admin-common/components/log-labels.tsx';

/** The actions a rule of each kind can name: an operation for access, a change otherwise. */
export const ACTIONS_OF = {
  any: [...ACCESS_OPERATIONS, ...MONITOR_CHANGES],
  access: ACCESS_OPERATIONS,
  dpi: DPI_CHANGES,
  tde: TDE_CHANGES,
} as const satisfies Record<TLogRule['kind'], readonly string[]>;

export const NEW_RULE: TLogRule = {
  name: '',
  enabled: true,
  kind: 'any',
  outcome: 'any',
  action: 'any',
  program: '',
  path: '',
  then: 'keep',
};

/**
 * One filtering rule in a dialog: its name (unique among the rules), whether it is on, what it
 * matches and what it does. Saving here changes the list on the page; the list is saved at once
 * with "Save all rules" (the server takes the whole ordered list).
 */
export function LogRuleForm({
  rule,
  taken,
  onSave,
  onCancel,
}: {
  /** The rule being edited; a new one when absent. */
  rule?: TLogRule;
  /** The other rules' names. */
  taken: readonly string[];
  onSave: (rule: TLogRule) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('adminLogs');
  const [form] = Form.useForm<TLogRule>();
  const options = useLogOptions();
  const limits = useFieldLimits(setLogRules);
  const kind = Form.useWatch('kind', form) ?? rule?.kind ?? 'any';
  const any = { value: 'any', label: t('rules.any') };
  const word = (family: 'kind' | 'outcome' | 'action', values: readonly string[]) => [
    any,
    ...options(family, values),
  ];
  return (
    <FormModal<TLogRule>
      open
      title={rule ? t('rules.editTitle') : t('rules.addTitle')}
      form={form}
      name="log-rule"
      pending={false}
      onCancel={onCancel}
      initialValues={rule ?? NEW_RULE}
      onSubmit={async (values) => {
        onSave({
          ...values,
          name: values.name.trim(),
          program: values.program?.trim() ?? '',
          path: values.path?.trim() ?? '',
        });
      }}
    >
      <Form.Item
        name="name"
        label={t('rules.name')}
        rules={[
          { required: true, whitespace: true, message: t('rules.nameRequired') },
          {
            validator: (_, v: string | undefined) =>
              v && taken.includes(v.trim())
                ? Promise.reject(new Error(t('rules.nameTaken')))
                : Promise.resolve(),
          },
          ...limits('rules.[].name'),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="kind" label={t('rules.kind')}>
        <Select
          options={word('kind', LOG_KINDS)}
          onChange={(k: TLogRule['kind']) => {
            // An action the new kind cannot have would never match: back to any.
            const action = form.getFieldValue('action') as string;
            if (!(ACTIONS_OF[k] as readonly string[]).includes(action))
              form.setFieldValue('action', 'any');
          }}
        />
      </Form.Item>
      <Form.Item name="action" label={t('rules.action')}>
        <Select options={word('action', ACTIONS_OF[kind])} />
      </Form.Item>
      <Form.Item name="outcome" label={t('rules.outcome')} extra={t('rules.outcomeHelp')}>
        <Select options={word('outcome', ACCESS_OUTCOMES)} />
      </Form.Item>
      <Form.Item
        name="program"
        label={t('rules.program')}
        extra={t('rules.programHelp')}
        rules={limits('rules.[].program')}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="path"
        label={t('rules.path')}
        extra={t('rules.pathHelp')}
        rules={limits('rules.[].path')}
      >
        <Input />
      </Form.Item>
      <Form.Item name="then" label={t('rules.then')}>
        <Radio.Group
          aria-label={t('rules.then')}
          optionType="button"
          options={LOG_RULE_ACTIONS.map((a) => ({ value: a, label: t(`rules.thens.${a}`) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
