import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Form, Modal, Radio, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceDetail } from '@edp/shared/api/console/devices.calls';
import { addTdeFolder, previewTask } from '@edp/shared/api/console/tasks.calls';
import { viewFolder, watchEngine } from '@edp/shared/api/console/sync.calls';
import type { TDeviceDetail } from '@edp/shared/contracts/devices';
import type { ProtectionMode } from '@edp/shared/contracts/engine';
import { PROTECTION_MODES } from '@edp/shared/contracts/engine-values';
import type { TCommandItem } from '@edp/shared/contracts/tasks';
import { TASK_EXPIRY_HOURS } from '@edp/shared/contracts/tasks-values';
import { callApi, callKey } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useWatchedProtection } from '../api/sync.ts';
import { useCommandList, useCreateTask } from '../../admin-tasks/api/tasks.ts';
import {
  argPath,
  FOLDER_TASK_TYPES,
  isOpen,
  LIVE_REFRESH_MS,
  PROTECT_TYPE,
  UNPROTECT_TYPE,
  type FolderTaskType,
} from '../../admin-tasks/lib/task-lib.ts';
import {
  ExpiryField,
  UnlicensedWarning,
  useConfirmDestructive,
  useTaskWhat,
} from '../../admin-tasks/parts/task-form-parts.tsx';
import { FolderBrowser } from './folder-browser.tsx';
import { StateTag, useTypeWords } from '../../admin-tasks/parts/task-labels.tsx';

const FOLDER_TYPES = FOLDER_TASK_TYPES as readonly string[];
const PROTECTING = Object.values(PROTECT_TYPE) as string[];
/** The mode a protecting command gives, or a lifting command takes away. */
const MODE_OF = Object.fromEntries(
  [...Object.entries(PROTECT_TYPE), ...Object.entries(UNPROTECT_TYPE)].map(([mode, type]) => [
    type,
    mode,
  ]),
) as Partial<Record<FolderTaskType, ProtectionMode>>;
const LIFTING = Object.values(UNPROTECT_TYPE) as string[];

/** A command that ended without doing its work: the engine refused it, or it never ran. */
const isFailure = (c: TCommandItem) => c.state === 'failed' || c.state === 'timeout';

/** The newest folder command of each path, from the device's command history (newest first). */
function lastByPath(commands: readonly TCommandItem[]): Map<string, TCommandItem> {
  const last = new Map<string, TCommandItem>();
  for (const c of commands) {
    const path = argPath(c.args);
    if (path && FOLDER_TYPES.includes(c.type) && !last.has(path)) last.set(path, c);
  }
  return last;
}

/** A folder chosen in the device's folder browser, and the protection to give it. */
function AddFolderModal({
  device,
  open,
  onClose,
}: {
  device: Pick<TDeviceDetail, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminTasks');
  const { t: ta } = useTranslation('admin');
  const typeWords = useTypeWords();
  const [form] = Form.useForm<{ mode: ProtectionMode; expiresInHours: number }>();
  const [path, setPath] = useState<string>();
  const mode = Form.useWatch('mode', form) ?? 'tde';
  // The server's preview of this device for the protection chosen: whether its licence allows
  // it, warned before sending (issue 35); the same rule as the device centre's task form.
  // Silent: the warning is advice, and sending still answers any refusal.
  const body = { target: { ids: [device.id] }, type: PROTECT_TYPE[mode] };
  const preview = useQuery({
    queryKey: callKey(previewTask, body),
    queryFn: ({ signal }) => callApi(previewTask, body, { silent: true, signal }),
    enabled: open,
  });
  const create = useCreateTask();
  const close = () => {
    setPath(undefined);
    form.resetFields();
    onClose();
  };
  const submit = async ({
    mode,
    expiresInHours,
  }: {
    mode: ProtectionMode;
    expiresInHours: number;
  }) => {
    if (!path) return;
    const type = PROTECT_TYPE[mode];
    const made = await create
      .mutateAsync({ type, path, target: { ids: [device.id] }, expiresInHours })
      .catch(() => undefined);
    if (!made) return;
    toastSuccess(t('device.folders.created', { action: typeWords(type) }));
    close();
  };

  return (
    <Modal
      open={open}
      title={t('device.folders.add')}
      width={760}
      onCancel={close}
      okText={t('create.submit')}
      cancelText={ta('actions.cancel')}
      okButtonProps={{ disabled: !path }}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
    >
      {open && <FolderBrowser deviceId={device.id} onChoose={setPath} />}
      <p style={{ marginTop: 16 }}>
        {t('device.folders.chosen')}
        {t('colon')}
        {path ? <strong className="task-path">{path}</strong> : t('device.folders.choose')}
      </p>
      <Form
        form={form}
        layout="vertical"
        name="add-folder"
        initialValues={{ mode: 'tde', expiresInHours: TASK_EXPIRY_HOURS.default }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="mode"
          label={t('device.folders.kind')}
          rules={[{ required: true, message: t('device.folders.selectKind') }]}
        >
          <Radio.Group
            options={PROTECTION_MODES.map((m) => ({
              value: m,
              label: t(`device.folders.kinds.${m}`),
            }))}
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          />
        </Form.Item>
        {preview.data && <UnlicensedWarning preview={preview.data} />}
        <ExpiryField />
      </Form>
    </Modal>
  );
}

/**
 * A device's protected folders (issue 23): what its engine last reported, each with the newest
 * command on its path and that command's state; add one through the folder browser (a task for
 * this device), remove one's protection after a plain confirmation. Folders a command is adding
 * show before the engine reports them, and the device is read again until its report agrees;
 * one whose protection failed shows as failed, with the engine's reason.
 */
export function ProtectedFolders({ device }: { device: TDeviceDetail }) {
  const { t } = useTranslation('adminTasks');
  const { t: td } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const typeWords = useTypeWords();
  const what = useTaskWhat();
  const [modal, holder] = Modal.useModal();
  const confirmDestructive = useConfirmDestructive(modal);
  const [adding, setAdding] = useState(false);
  const client = useQueryClient();
  const mayTask = useMayCall(addTdeFolder) && device.status === 'running';
  const mayBrowse = useMayCall(viewFolder);
  const mayWatch = useMayCall(watchEngine);
  const create = useCreateTask();
  const history = useCommandList({ deviceId: device.id, page: 1, pageSize: 50 });
  const last = lastByPath(history.data?.list ?? []);

  // A folder command that ended lately and the engine's report does not show yet (it comes
  // with the engine's next check-in): the folder shows as such, and the device is read again
  // every few seconds until the report agrees, for at most two check-in intervals.
  const [now, setNow] = useState(Date.now);
  const reported = new Set(device.protected.map((p) => p.path));
  const recent = (c: TCommandItem) =>
    c.state === 'finished' &&
    !!c.finishedAt &&
    now - Date.parse(c.finishedAt) < (2 * device.interval + 10) * 1000;
  const ended = [...last.values()].filter(
    (c) => recent(c) && PROTECTING.includes(c.type) !== reported.has(argPath(c.args)!),
  );
  const unreported = ended.length;
  // The engine is asked at once what it protects now (one command each time a folder command
  // ends), and its answer is shown until the check-in report agrees.
  const watched = useWatchedProtection(
    device.id,
    ended.map((c) => c.id).join(','),
    unreported > 0 && mayWatch && device.status === 'running',
  );
  const protectedNow = (unreported > 0 && watched.data?.protected) || device.protected;
  const shown = new Set(protectedNow.map((p) => p.path));
  useEffect(() => {
    if (unreported === 0) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void client.invalidateQueries({ queryKey: callKey(deviceDetail, { id: device.id }) });
    }, LIVE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [unreported, client, device.id]);

  const beingAdded = [...last.values()].filter(
    (c) =>
      PROTECTING.includes(c.type) && !shown.has(argPath(c.args)!) && (isOpen(c.state) || recent(c)),
  );
  // A protection that failed stays in the list as failed, with the engine's reason, where the
  // user asked for it (issue 35), until a newer command on the folder takes its place.
  const failedAdds = [...last.values()].filter(
    (c) => PROTECTING.includes(c.type) && !shown.has(argPath(c.args)!) && isFailure(c),
  );
  // A folder whose lift has not ended is still protected, whatever a report read before it says
  // (a check-in that left before the folder was protected): it stays until its command ends,
  // and is not offered for lifting again meanwhile.
  const openLifts = [...last.values()].filter((c) => LIFTING.includes(c.type) && isOpen(c.state));
  const lifting = new Set(openLifts.map((c) => argPath(c.args)!));
  const beingLifted = openLifts.filter((c) => !shown.has(argPath(c.args)!));
  const rows = [
    ...protectedNow.map((p) => ({ ...p, pending: false, failed: false })),
    ...[...beingAdded, ...failedAdds, ...beingLifted].map((c) => ({
      path: argPath(c.args)!,
      mode: MODE_OF[c.type as FolderTaskType] ?? 'tde',
      files: undefined as number | undefined,
      pending: !isFailure(c) && !lifting.has(argPath(c.args)!),
      failed: isFailure(c),
    })),
  ];

  const remove = async (path: string, mode: ProtectionMode) => {
    const type = UNPROTECT_TYPE[mode];
    const sure = await confirmDestructive(
      type,
      <>
        <p>
          <span className="task-path">{path}</span>
        </p>
        <p>{what(type, path, 1)}</p>
      </>,
    );
    if (!sure) return;
    const made = await create
      .mutateAsync({
        type,
        path,
        target: { ids: [device.id] },
        expiresInHours: TASK_EXPIRY_HOURS.default,
      })
      .catch(() => undefined);
    if (made) toastSuccess(t('device.folders.created', { action: typeWords(type) }));
  };

  return (
    <>
      {holder}
      <p>{t('device.folders.intro')}</p>
      {mayTask && mayBrowse && (
        <div className="device-toolbar">
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('device.folders.add')}
          </Button>
        </div>
      )}
      {device.status !== 'running' && (
        <Alert
          type="info"
          showIcon
          title={td('detail.deprecatedNote')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table
        className="admin-table"
        rowKey="path"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={td('detail.noProtected')} />
          ),
        }}
        columns={[
          {
            title: td('detail.path'),
            dataIndex: 'path',
            render: (path: string) => <span className="task-path">{path}</span>,
          },
          {
            title: td('detail.mode'),
            dataIndex: 'mode',
            render: (mode: ProtectionMode) => td(`detail.modes.${mode}`),
          },
          {
            title: td('detail.files'),
            dataIndex: 'files',
            render: (files: number | undefined, r) =>
              r.failed
                ? t('device.folders.notProtected')
                : r.pending
                  ? t('device.folders.pending')
                  : files,
          },
          {
            title: t('device.folders.lastCommand'),
            key: 'last',
            render: (_, r) => {
              const c = last.get(r.path);
              return c ? (
                <>
                  <span className="device-presence">
                    {typeWords(c.type)} <StateTag state={c.state} />
                  </span>
                  {isFailure(c) && c.message && (
                    <div>
                      {t('device.folders.reason')}
                      {t('colon')}
                      {c.message}
                    </div>
                  )}
                </>
              ) : (
                '—'
              );
            },
          },
          ...(mayTask
            ? [
                {
                  title: ta('actions.actions'),
                  key: 'actions',
                  className: 'admin-table__actions',
                  render: (
                    _: unknown,
                    r: { path: string; mode: ProtectionMode; pending: boolean; failed: boolean },
                  ) =>
                    r.pending || r.failed || lifting.has(r.path) ? null : (
                      <Button
                        type="link"
                        size="small"
                        danger
                        aria-label={t('device.folders.removeOf', { path: r.path })}
                        onClick={() => void remove(r.path, r.mode)}
                      >
                        {t('device.folders.remove')}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      {mayTask && <AddFolderModal device={device} open={adding} onClose={() => setAdding(false)} />}
    </>
  );
}
