import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addTdeFolder } from '@edp/shared/api/console/tasks.calls';
import { TASK_EXPIRY_HOURS } from '@edp/shared/contracts/tasks-values';
import { useFieldLimits } from '../../../lib/field-limits.ts';
import { formatDate } from '../../../lib/format.ts';
import { showOnField } from '../../../lib/form-refusal.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { previewTarget, useCreateTask, type TaskPreview, type TaskTarget } from '../api/tasks.ts';
import {
  FORM_TASK_TYPES,
  isDestructive,
  isUpgrade,
  UPGRADE_TYPE,
  type FormTaskType,
} from '../lib/task-lib.ts';
import '../lib/task-locales.ts';
import {
  ExpiryField,
  UnlicensedWarning,
  useAbsolutePathRules,
  useConfirmDestructive,
  useTaskWhat,
} from './task-form-parts.tsx';
import { useTypeWords } from './task-labels.tsx';
import { adminPath } from '../../../lib/admin-paths.ts';

export interface TaskFormValues {
  type: FormTaskType;
  /** A folder task's folder; an upgrade has none. */
  path?: string;
  name?: string;
  expiresInHours: number;
  /** Ticked to send to every device when no filter narrows the target. */
  every?: boolean;
}

/**
 * Whether the task can be made from its preview: some device, and an upgrade a version the
 * vendor does not hold back.
 */
const mayCreate = (type: FormTaskType, preview: TaskPreview) =>
  preview.total > 0 &&
  (!isUpgrade(type) || (preview.servedVersion !== '' && preview.servedRelease.state !== 'held'));

/** What the vendor says of the version an upgrade brings: held back, or its release notes. */
function ReleaseBlock({ preview }: { preview: TaskPreview }) {
  const { t } = useTranslation('adminTasks');
  const { servedVersion: version, servedRelease: release } = preview;
  if (release.state === 'held' && release.heldAs && release.heldAs !== 'released') {
    const state = t(`create.heldStates.${release.heldAs}`);
    return <Alert type="error" showIcon title={t('create.held', { version, state })} />;
  }
  if (release.state !== 'released' || !release.notes) return null;
  return (
    <>
      <p>{t('create.releaseNotes', { version, date: formatDate(release.releasedAt) })}</p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{release.notes}</p>
    </>
  );
}

/**
 * The count and first names a preview answers, and what the task will do (an upgrade: the
 * version the engines get, the one this console serves).
 */
export function PreviewBlock({
  preview,
  type,
  path,
}: {
  preview: TaskPreview;
  type: FormTaskType;
  path: string;
}) {
  const { t } = useTranslation('adminTasks');
  const what = useTaskWhat();
  if (preview.total === 0) return <Alert type="warning" showIcon title={t('create.nothing')} />;
  const more = preview.total - preview.first.length;
  return (
    <div>
      <p>
        <strong>{t('create.count', { count: preview.total })}</strong>
      </p>
      <p>{t('create.first')}</p>
      <ul className="device-preview" aria-label={t('create.first')}>
        {preview.first.map((d) => (
          <li key={d.id}>
            {d.name} ({d.ip})
          </li>
        ))}
      </ul>
      {more > 0 && <p>{t('create.more', { count: more })}</p>}
      <UnlicensedWarning preview={preview} />
      {isUpgrade(type) && !preview.servedVersion ? (
        <Alert type="warning" showIcon title={t('create.noEngine')} />
      ) : (
        <Alert
          type={isDestructive(type) ? 'warning' : 'info'}
          showIcon
          title={what(type, path, preview.total, preview.servedVersion)}
        />
      )}
      {isUpgrade(type) && preview.servedVersion && <ReleaseBlock preview={preview} />}
    </div>
  );
}

/**
 * A new task over the device centre's target (issue 23): the action, an absolute path (a folder
 * task's; an engine upgrade takes none), an optional name and how long offline devices are
 * waited for; then the server's preview (how many running devices, the first by name, the
 * version an upgrade brings, how many devices hold no licence that allows the task) and what
 * the task will do; a destructive action asks once more,
 * in plain words. `needsEvery`: the filter narrows nothing, so the task goes to every
 * device only once that is ticked (`every: true`; an empty filter is never read as "all").
 * Once made, the task's page opens.
 */
export function CreateTaskModal({
  open,
  target,
  targetText,
  needsEvery = false,
  onClose,
}: {
  open: boolean;
  target: TaskTarget;
  targetText: string;
  needsEvery?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminTasks');
  const { t: ta } = useTranslation('admin');
  const typeWords = useTypeWords();
  const what = useTaskWhat();
  const limits = useFieldLimits(addTdeFolder);
  const [form] = Form.useForm<TaskFormValues>();
  const chosen = Form.useWatch('type', form);
  const [modal, holder] = Modal.useModal();
  const confirmDestructive = useConfirmDestructive(modal);
  const pathRules = useAbsolutePathRules();
  const navigate = useNavigate();
  const create = useCreateTask();
  const [checking, setChecking] = useState(false);
  const [step, setStep] = useState<{ values: TaskFormValues; preview: TaskPreview }>();
  const sent: TaskTarget = needsEvery ? { every: true } : target;

  const close = () => {
    setStep(undefined);
    form.resetFields();
    onClose();
  };

  const toPreview = async (values: TaskFormValues) => {
    setChecking(true);
    const preview = await previewTarget(sent, values.type)
      .catch(() => undefined)
      .finally(() => setChecking(false));
    if (preview) setStep({ values: { ...values, path: values.path?.trim() ?? '' }, preview });
  };

  const submit = async () => {
    if (!step) return;
    const { type, path = '', name, expiresInHours } = step.values;
    if (
      isDestructive(type) &&
      !(await confirmDestructive(type, what(type, path, step.preview.total)))
    )
      return;
    const common = {
      target: sent,
      expiresInHours,
      ...(name?.trim() ? { name: name.trim() } : {}),
    };
    try {
      const made = await create.mutateAsync(
        isUpgrade(type) ? { type: UPGRADE_TYPE, ...common } : { type, path, ...common },
      );
      toastSuccess(t('create.created', { count: made.total }));
      close();
      void navigate(adminPath('adminTaskDetail', made.taskId));
    } catch (e) {
      // A refused field goes back under it, on the form.
      if (showOnField(form, e)) setStep(undefined);
    }
  };

  const footer = step
    ? [
        <Button key="back" onClick={() => setStep(undefined)}>
          {t('create.back')}
        </Button>,
        <Button
          key="create"
          type="primary"
          danger={isDestructive(step.values.type)}
          disabled={!mayCreate(step.values.type, step.preview)}
          loading={create.isPending}
          onClick={() => void submit()}
        >
          {t('create.submit')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={close}>
          {ta('actions.cancel')}
        </Button>,
        <Button key="preview" type="primary" loading={checking} onClick={() => form.submit()}>
          {t('create.preview')}
        </Button>,
      ];

  return (
    <Modal
      open={open}
      title={step ? `${t('create.title')} · ${t('create.steps.preview')}` : t('create.title')}
      onCancel={close}
      footer={footer}
      width={560}
    >
      {holder}
      <div hidden={!!step}>
        <p>
          {t('create.target')}
          {t('colon')}
          <strong>{needsEvery ? t('create.targets.every') : targetText}</strong>
        </p>
        <Form<TaskFormValues>
          form={form}
          layout="vertical"
          name="create-task"
          initialValues={{ expiresInHours: TASK_EXPIRY_HOURS.default }}
          onFinish={(values) => void toPreview(values)}
        >
          {needsEvery && (
            <>
              <Alert
                type="warning"
                showIcon
                title={t('create.everyNotice')}
                style={{ marginBottom: 12 }}
              />
              <Form.Item
                name="every"
                valuePropName="checked"
                rules={[
                  {
                    validator: (_, v) =>
                      v ? Promise.resolve() : Promise.reject(new Error(t('create.everyRequired'))),
                  },
                ]}
              >
                <Checkbox>{t('create.everyConfirm')}</Checkbox>
              </Form.Item>
            </>
          )}
          <Form.Item
            name="type"
            label={t('create.action')}
            rules={[{ required: true, message: t('create.selectAction') }]}
          >
            <Select<FormTaskType>
              options={FORM_TASK_TYPES.map((type) => ({ value: type, label: typeWords(type) }))}
            />
          </Form.Item>
          {isUpgrade(chosen) ? (
            <p>{t('create.upgradeNote')}</p>
          ) : (
            <Form.Item
              name="path"
              label={t('create.path')}
              extra={t('create.pathHint')}
              rules={pathRules}
            >
              <Input spellCheck={false} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item
            name="name"
            label={t('create.name')}
            extra={isUpgrade(chosen) ? t('create.nameHintUpgrade') : t('create.nameHint')}
            rules={limits('name')}
          >
            <Input />
          </Form.Item>
          <ExpiryField />
          {/* Enter in a field goes to the preview. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </div>
      {step && (
        <PreviewBlock
          preview={step.preview}
          type={step.values.type}
          path={step.values.path ?? ''}
        />
      )}
    </Modal>
  );
}
