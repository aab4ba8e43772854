import { Form, InputNumber, type FormRule, type Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addTdeFolder } from '@edp/shared/api/console/tasks.calls';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { isAbsolutePath, isUpgrade, type FormTaskType } from '../lib/task-lib.ts';
import '../lib/task-locales.ts';
import { useTypeWords } from './task-labels.tsx';

/**
 * What the task forms share (the device centre's new task, a device's protected folders): what a
 * task does in plain words, the expiry field, and the second question of a destructive one.
 */

/**
 * What a task does, said plainly: destructive ones name what is lost, and on how many; an
 * upgrade names the version the engines get.
 */
export function useTaskWhat(): (
  type: FormTaskType,
  path: string,
  count: number,
  version?: string,
) => string {
  const { t } = useTranslation('adminTasks');
  return (type, path, count, version = '') =>
    isUpgrade(type)
      ? t('create.what.engine.upgrade', { count, version })
      : t(`create.what.${type}`, { path, count });
}

/** A path on an engine's machine, required and absolute, as the server checks it (trimmed). */
export function useAbsolutePathRules(): FormRule[] {
  const { t } = useTranslation('adminTasks');
  return [
    { required: true, whitespace: true, message: t('create.pathRequired') },
    {
      validator: (_, v: string | undefined) =>
        !v?.trim() || isAbsolutePath(v)
          ? Promise.resolve()
          : Promise.reject(new Error(t('create.pathInvalid'))),
    },
  ];
}

/** How long devices offline now are waited for, in hours, within the contract's limits. */
export function ExpiryField() {
  const { t } = useTranslation('adminTasks');
  // Every task call takes the same expiry (ZExpiry): the folder tasks' limits are the upgrade's.
  const limits = useFieldLimits(addTdeFolder);
  return (
    <Form.Item
      name="expiresInHours"
      label={t('create.expiry')}
      extra={t('create.expiryHint')}
      rules={[{ required: true, message: t('create.expiryRequired') }, ...limits('expiresInHours')]}
    >
      <InputNumber style={{ width: 160 }} />
    </Form.Item>
  );
}

/**
 * Asks once more before a destructive task, in plain words, its button named by the action:
 * answers whether to go on. `modal` is `Modal.useModal()`'s (its holder shows the question).
 */
export function useConfirmDestructive(
  modal: ReturnType<typeof Modal.useModal>[0],
): (type: FormTaskType, content: ReactNode) => Promise<boolean> {
  const { t } = useTranslation('adminTasks');
  const { t: ta } = useTranslation('admin');
  const typeWords = useTypeWords();
  return async (type, content) =>
    await modal.confirm({
      title: t('create.confirmTitle', { action: typeWords(type) }),
      content,
      okText: typeWords(type),
      cancelText: ta('actions.cancel'),
      okButtonProps: { danger: true },
    });
}
