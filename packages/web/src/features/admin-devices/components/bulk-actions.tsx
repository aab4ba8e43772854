import { lazy, useEffect, useState } from 'react';
import { Alert, Button, Select } from 'antd';
import { DeleteOutlined, SendOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BulkAction } from '@edp/shared/contracts/devices';
import type { DeviceStatus } from '@edp/shared/contracts/engine';
import { addTdeFolder } from '@edp/shared/api/console/tasks.calls';
import { LazyOnOpen } from '../../../components/lazy-on-open.tsx';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { useGroupList } from '../../admin-common/api/get-group-list.ts';
import {
  previewBulk,
  useBulk,
  type DevicePreview,
  type DeviceTarget,
} from '../api/change-devices.ts';
import { useLazyModal } from '../../../lib/lazy-modal.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import type { DeviceFilter } from '../lib/device-filter.ts';
import type { MoveModalProps } from './move-modal.tsx';
// The task form and its texts (adminTasks), and the move's form, load on their first opening,
// not with the list.
const MoveModal = lazy(() => import('./move-modal.tsx').then((m) => ({ default: m.MoveModal })));
const CreateTaskModal = lazy(() =>
  import('../../admin-tasks/parts/create-task-modal.tsx').then((m) => ({
    default: m.CreateTaskModal,
  })),
);

type Scope = 'selected' | 'filtered';

interface BulkActionsProps {
  status: DeviceStatus;
  selected: string[];
  filter: DeviceFilter;
  /** How many devices the filter matches (the list's total), once known. */
  matching: number | undefined;
  /** After an action ran: the selection is cleared. */
  onDone: () => void;
  /** Whether one of its dialogs or actions is under way (the list waits to read again). */
  onBusy?: (busy: boolean) => void;
}

/** What the confirmation says: how many, the first few by name, and what cannot be undone. */
function PreviewContent({
  action,
  preview,
  group,
}: {
  action: BulkAction;
  preview: DevicePreview;
  group?: string;
}) {
  const { t } = useTranslation('adminDevices');
  const more = preview.total - preview.first.length;
  return (
    <div>
      <p>
        <strong>{t('bulk.count', { count: preview.total })}</strong>
      </p>
      <p>{t('bulk.first')}</p>
      <ul className="device-preview" aria-label={t('bulk.first')}>
        {preview.first.map((d) => (
          <li key={d.id}>
            {d.name} ({d.ip})
          </li>
        ))}
      </ul>
      {more > 0 && <p>{t('bulk.more', { count: more })}</p>}
      {action === 'move' && <p>{t('bulk.moveTo', { group })}</p>}
      {action !== 'move' && (
        <Alert
          type="warning"
          showIcon
          title={t(action === 'deprecate' ? 'bulk.deprecateWarning' : 'bulk.purgeWarning')}
        />
      )}
    </div>
  );
}

/**
 * Runs a device action the way the device centre does every one: the server's preview (how many
 * devices, the first few by name), a confirmation saying what cannot be undone, the action, a
 * toast with how many. The bulk toolbar and a device's own page (device-actions.tsx) share it.
 * `holder` must be rendered: the confirmation dialogs live in it.
 */
export function useBulkRun(target: DeviceTarget, onDone: () => void) {
  const { t } = useTranslation('adminDevices');
  const { t: ta } = useTranslation('admin');
  const [dialogs, holder] = useLazyModal();
  const groups = useGroupList();
  const bulk = useBulk();
  const [checking, setChecking] = useState(false);

  const confirmAndRun = async (action: BulkAction, groupId?: string) => {
    setChecking(true);
    const asking = dialogs();
    const preview = await previewBulk(action, target)
      .catch(() => undefined)
      .finally(() => setChecking(false));
    if (!preview) return;
    const modal = await asking;
    const title = t(`bulk.titles.${action}`);
    if (preview.total === 0) {
      await modal.warning({ title, content: t('bulk.nothing'), okText: ta('confirm.ok') });
      return;
    }
    const group = groups.data?.list.find((g) => g.id === groupId)?.name;
    const sure = await modal.confirm({
      title,
      width: 520,
      content: <PreviewContent action={action} preview={preview} group={group} />,
      okText: t(`bulk.${action}`),
      cancelText: ta('actions.cancel'),
      okButtonProps: { danger: action !== 'move' },
    });
    if (!sure) return;
    const done = await bulk.mutateAsync({ action, target, groupId }).catch(() => undefined);
    if (!done) return;
    toastSuccess(t(`toasts.${action}`, { count: done.affected }));
    onDone();
  };

  return { confirmAndRun, holder, checking };
}

/** The move's dialog, its form loaded on its first opening (the list's toolbar, a device's page). */
export function MoveModalOnOpen(props: MoveModalProps) {
  return (
    <LazyOnOpen open={props.open}>
      <MoveModal {...props} />
    </LazyOnOpen>
  );
}

/**
 * Bulk actions over the selected rows or over all that match the filters: deprecate and move
 * (running list), delete permanently (deprecated list). Each asks first, with the server's
 * preview of how many devices and which.
 */
export function BulkActions({
  status,
  selected,
  filter,
  matching,
  onDone,
  onBusy,
}: BulkActionsProps) {
  const { t } = useTranslation('adminDevices');
  const [scope, setScope] = useState<Scope>('selected');
  const [moving, setMoving] = useState(false);
  const [tasking, setTasking] = useState(false);
  const [acting, setActing] = useState(false);
  const busy = moving || tasking || acting;
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  const mayTask = useMayCall(addTdeFolder);
  // A task's target never reads an empty filter as "all": that needs `every`, ticked in the form.
  const narrows = Object.keys(filter).some((k) => k !== 'subgroups');
  const target: DeviceTarget =
    scope === 'selected' ? { ids: selected } : { filter: filter as DeviceTarget['filter'] };
  const bulkRun = useBulkRun(target, onDone);
  const { holder, checking } = bulkRun;
  /** The preview, the confirmation and the action: the list is not read again meanwhile. */
  const confirmAndRun = async (
    action: Parameters<typeof bulkRun.confirmAndRun>[0],
    groupId?: string,
  ) => {
    setActing(true);
    try {
      await bulkRun.confirmAndRun(action, groupId);
    } finally {
      setActing(false);
    }
  };
  // Nothing to act on: no row chosen, or a filter (an emptied list, say) that matches nothing.
  const none = scope === 'selected' ? selected.length === 0 : matching === 0;

  return (
    <div className="device-toolbar" role="group" aria-label={t('bulk.label')}>
      {holder}
      <Select<Scope>
        aria-label={t('bulk.target')}
        value={scope}
        style={{ width: 260 }}
        onChange={setScope}
        options={[
          { value: 'selected', label: t('bulk.selected', { count: selected.length }) },
          { value: 'filtered', label: t('bulk.filtered') },
        ]}
      />
      {status === 'running' ? (
        <>
          <Button
            icon={<SwapOutlined />}
            disabled={none}
            loading={checking && moving}
            onClick={() => setMoving(true)}
          >
            {t('bulk.move')}
          </Button>
          <Button
            danger
            icon={<StopOutlined />}
            disabled={none}
            loading={checking && !moving}
            onClick={() => void confirmAndRun('deprecate')}
          >
            {t('bulk.deprecate')}
          </Button>
          {mayTask && (
            <Button icon={<SendOutlined />} disabled={none} onClick={() => setTasking(true)}>
              {t('bulk.task')}
            </Button>
          )}
        </>
      ) : (
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={none}
          loading={checking}
          onClick={() => void confirmAndRun('purge')}
        >
          {t('bulk.purge')}
        </Button>
      )}
      <MoveModalOnOpen
        open={moving}
        pending={checking}
        onCancel={() => setMoving(false)}
        onPick={async (groupId) => {
          setMoving(false);
          await confirmAndRun('move', groupId);
        }}
      />
      <LazyOnOpen open={tasking}>
        <CreateTaskModal
          open={tasking}
          target={target}
          needsEvery={scope === 'filtered' && !narrows}
          targetText={
            scope === 'selected'
              ? t('bulk.taskSelected', { count: selected.length })
              : t('bulk.filtered')
          }
          onClose={() => setTasking(false)}
        />
      </LazyOnOpen>
    </div>
  );
}
