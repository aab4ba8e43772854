import { Alert, Form, InputNumber, type FormRule, type Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addTdeFolder } from '@edp/shared/api/console/tasks.calls';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { isAbsolutePath, isUpgrade, type FormTaskType } from '../lib/task-lib.ts';
import type { TaskPreview } from '../api/tasks.ts';
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

/**
 * Before a task is sent (issue 35): how many of its devices hold no licence that allows it, by
 * the engine's reason (none, expired, another kind), which the engine would refuse with -13,
 * -12 or -85. A warning, not a stop: the user may still send it.
 */
export function UnlicensedWarning({
  preview,
}: {
  preview: Pick<TaskPreview, 'unlicensed' | 'needs'>;
}) {
  const { t } = useTranslation('adminTasks');
  const { missing, expired, otherKind } = preview.unlicensed;
  const count = missing + expired + otherKind;
  if (count === 0) return null;
  const kinds = preview.needs.join(t('create.unlicensed.or'));
  const reasons = [
    missing > 0 && t('create.unlicensed.missing', { count: missing }),
    expired > 0 && t('create.unlicensed.expired', { count: expired }),
    otherKind > 0 && t('create.unlicensed.otherKind', { count: otherKind, kinds }),
  ].filter((r): r is string => !!r);
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={t('create.unlicensed.title', { count })}
      description={
        <>
          <ul className="task-unlicensed">
            {reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <p>{t('create.unlicensed.note', { kinds })}</p>
        </>
      }
    />
  );
}
