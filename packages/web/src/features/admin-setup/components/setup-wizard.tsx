import { setupTenant } from '@edp/shared/api/console/setup.calls';
import { useState } from 'react';
import { Alert, Button, Form, Input, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PasswordPolicy } from '@edp/shared/rules';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { useOwnerReg } from '../api/owner-reg.ts';
import { DUTY_KEYS, setupPayload, type SetupValues } from '../lib/setup-payload.ts';
import { DutyFields } from './duty-fields.tsx';

const STEPS = ['tenant', ...DUTY_KEYS] as const;
const DOMAIN_PATTERN = /^[a-zA-Z0-9.-]{1,253}$|^\[[0-9a-fA-F:.]+\]$/;

interface SetupWizardProps {
  policy: PasswordPolicy;
  onDone: (values: SetupValues) => void;
}

/** The steps of the initial setup: tenant, system administrator, then the optional duties. */
export function SetupWizard({ policy, onDone }: SetupWizardProps) {
  const { t } = useTranslation('adminAuth');
  const { t: ta } = useTranslation('admin');
  const [form] = Form.useForm<SetupValues>();
  const [step, setStep] = useState(0);
  const reg = useOwnerReg();
  const limits = useFieldLimits(setupTenant);
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;

  const next = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (!last) return setStep(step + 1);
    const values = form.getFieldsValue(true) as SetupValues;
    try {
      await reg.mutateAsync(setupPayload(values));
      onDone(values);
    } catch {
      // The HTTP client showed the server's message (account or domain in use…).
    }
  };

  return (
    <>
      <Steps
        size="small"
        // Titles under the icons get the step's whole width: beside them, squeezed by the
        // connecting lines, English titles broke inside words ("Tenan / t").
        titlePlacement="vertical"
        current={step}
        items={STEPS.map((key) => ({ title: t(`setup.steps.${key}`) }))}
        style={{ marginBottom: 24 }}
      />
      <h2 className="admin-setup__step">{t(`setup.steps.${current}`)}</h2>
      {step >= 2 && (
        <Alert type="info" showIcon title={t('setup.optionalNote')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        name="admin-setup"
        initialValues={{ domain: window.location.hostname }}
        onFinish={() => void next()}
      >
        {current === 'tenant' ? (
          <>
            <Form.Item
              name="company"
              label={t('setup.company')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('setup.required', { field: t('setup.company') }),
                },
                ...limits('company'),
              ]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="sysName" label={t('setup.sysName')} rules={limits('sysName')}>
              <Input />
            </Form.Item>
            <Form.Item
              name="domain"
              label={t('setup.domain')}
              extra={t('setup.domainHint')}
              rules={[{ pattern: DOMAIN_PATTERN, message: t('setup.domainInvalid') }]}
            >
              <Input />
            </Form.Item>
          </>
        ) : (
          <DutyFields key={current} duty={current} policy={policy} optional={current !== 'admin'} />
        )}
        <Space>
          {step > 0 && <Button onClick={() => setStep(step - 1)}>{ta('actions.previous')}</Button>}
          <Button type="primary" htmlType="submit" loading={reg.isPending}>
            {last ? t('setup.submit') : ta('actions.next')}
          </Button>
        </Space>
      </Form>
    </>
  );
}
