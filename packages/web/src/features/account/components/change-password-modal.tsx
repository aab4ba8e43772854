import { Form, Input, Modal } from 'antd';
import type { FormRule as Rule } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PASSWORD_POLICY, passwordSatisfies, type PasswordPolicy } from '@edp/shared/rules';
import { addLazyNamespace } from '../../../locales/i18n.ts';
import zh from '../../../locales/zh-CN/account.lazy.ts';
import en from '../../../locales/en-US/account.lazy.ts';
import { useChangePassword } from '../api/change-password.ts';

addLazyNamespace('account', { 'zh-CN': zh, 'en-US': en });

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** The owner's rule when it supplies one (docs/product.md §5), else the default. */
  policy?: PasswordPolicy;
}

interface FormValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** Change-password modal (docs/product.md §2, §4, §5): on success it closes and resets. */
export function ChangePasswordModal({
  open,
  onClose,
  policy = DEFAULT_PASSWORD_POLICY,
}: ChangePasswordModalProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<FormValues>();
  const mutation = useChangePassword();
  const [min, max] = policy.range;
  const ruleMessage = t('changePassword.rule', { min, max });

  const satisfiesRule: Rule = {
    validator: (_, value: string | undefined) =>
      !value || passwordSatisfies(value, policy)
        ? Promise.resolve()
        : Promise.reject(new Error(ruleMessage)),
  };
  const matchesNew: Rule = ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) => {
      if (!value) return Promise.resolve();
      if (value !== getFieldValue('newPassword')) {
        return Promise.reject(new Error(t('changePassword.mismatch')));
      }
      return passwordSatisfies(value, policy)
        ? Promise.resolve()
        : Promise.reject(new Error(ruleMessage));
    },
  });

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: FormValues) => {
    try {
      await mutation.mutateAsync({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        successText: t('changePassword.success'),
      });
      close();
    } catch {
      // The HTTP client has shown the server's message; keep the form for another try.
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      okText={t('changePassword.submit')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={close}
    >
      <Form form={form} layout="vertical" name="change-password" onFinish={submit} requiredMark>
        <Form.Item
          name="oldPassword"
          label={t('changePassword.oldPassword')}
          rules={[{ required: true, message: t('changePassword.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('changePassword.newPassword')}
          dependencies={['oldPassword']}
          rules={[
            { required: true, message: t('changePassword.newRequired') },
            satisfiesRule,
            ({ getFieldValue }) => ({
              // The server refuses it too (-10037); saying so here saves a round trip.
              validator: (_, value: string | undefined) =>
                !value || value !== getFieldValue('oldPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('changePassword.same'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="repeatPassword"
          label={t('changePassword.repeatPassword')}
          dependencies={['newPassword']}
          rules={[{ required: true, message: t('changePassword.repeatRequired') }, matchesNew]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
