import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { showOnField } from '../../../lib/form-refusal.ts';

interface FormModalProps<T> {
  open: boolean;
  title: ReactNode;
  form: FormInstance<T>;
  /** The form's name: antd prefixes the field ids with it. */
  name: string;
  pending: boolean;
  onCancel: () => void;
  /**
   * Saves the valid values. A refused field is shown under the field (lib/form-refusal.ts); any
   * other failure was shown by the HTTP client.
   */
  onSubmit: (values: T) => Promise<unknown>;
  initialValues?: Partial<T>;
  /** Shown above the form, e.g. the current value being changed. */
  before?: ReactNode;
  /** Shown below the form, e.g. an action that is not a save (so it stays outside the <form>). */
  after?: ReactNode;
  children: ReactNode;
}

/**
 * The dialog every console form shares: a vertical form, Save submits it, Cancel and Esc close.
 * Not `forceRender`: a dialog rendered while hidden stays open in antd's stack of portals, and
 * Esc then goes to whichever hidden one came last instead of the dialog on screen.
 */
export function FormModal<T>(props: FormModalProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={props.pending}
      onOk={() => props.form.submit()}
      onCancel={props.onCancel}
    >
      {props.before}
      <Form
        form={props.form}
        layout="vertical"
        name={props.name}
        initialValues={props.initialValues}
        onFinish={(values) => void props.onSubmit(values).catch((e) => showOnField(props.form, e))}
      >
        {props.children}
      </Form>
      {props.after}
    </Modal>
  );
}
