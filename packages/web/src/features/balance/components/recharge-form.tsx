import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecharge, type RechargeAnswer } from '../api/recharge.ts';
import { normaliseRechargeCode } from './recharge-code.ts';

/** The recharge code form; the code is normalised before it is sent. */
export function RechargeForm({ onDone }: { onDone: (answer: RechargeAnswer) => void }) {
  const { t } = useTranslation('balance');
  const [form] = Form.useForm<{ code: string }>();
  const mutation = useRecharge();

  const submit = async ({ code }: { code: string }) => {
    const normalised = normaliseRechargeCode(code);
    if (!normalised) return;
    form.setFieldValue('code', normalised);
    try {
      onDone(await mutation.mutateAsync(normalised));
    } catch {
      // The server's message (invalid or used code) is shown.
    }
  };

  return (
    <Form form={form} name="recharge" layout="vertical" onFinish={submit} className="narrow-form">
      <Form.Item
        name="code"
        label={t('rechargeForm.code')}
        extra={t('rechargeForm.hint')}
        rules={[
          { required: true, whitespace: true, message: t('rechargeForm.required') },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || normaliseRechargeCode(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('rechargeForm.invalid'))),
          },
        ]}
      >
        <Input
          size="large"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('rechargeForm.placeholder')}
          className="code-input"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={mutation.isPending}>
        {t('rechargeForm.submit')}
      </Button>
    </Form>
  );
}
