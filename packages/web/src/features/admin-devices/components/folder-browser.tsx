import { useState } from 'react';
import { Alert, Button, Input, Spin, Table } from 'antd';
import { ArrowUpOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TFolderEntry } from '@edp/shared/contracts/commands';
import { formatTime } from '../../../lib/format.ts';
import { useFolder } from '../api/sync.ts';
import {
  formatSize,
  isAbsolutePath,
  isRoot,
  joinPath,
  parentPath,
} from '../../admin-tasks/lib/task-lib.ts';
import { SyncAlert } from '../../admin-common/components/sync-alert.tsx';

/**
 * A device's folders as its engine lists them (`viewFolder`, one synchronous command a folder):
 * from `/`, into a folder by its name, up a level, or to a typed path; each entry's kind, size,
 * time and protection. "Choose this folder" hands the folder shown to `onChoose`.
 */
export function FolderBrowser({
  deviceId,
  onChoose,
}: {
  deviceId: string;
  onChoose: (path: string) => void;
}) {
  const { t } = useTranslation('adminTasks');
  const { t: td } = useTranslation('adminDevices');
  const [at, setAt] = useState('/');
  const [typed, setTyped] = useState('/');
  const folder = useFolder(deviceId, at);
  const go = (path: string) => {
    setAt(path);
    setTyped(path);
  };
  const entries = [...(folder.data?.entries ?? [])].sort(
    (a, b) => Number(b.kind === 'dir') - Number(a.kind === 'dir') || a.name.localeCompare(b.name),
  );

  return (
    <div className="folder-browser">
      <form
        className="folder-browser__path"
        onSubmit={(e) => {
          e.preventDefault();
          if (isAbsolutePath(typed)) go(typed.trim());
        }}
      >
        <Button icon={<ArrowUpOutlined />} disabled={isRoot(at)} onClick={() => go(parentPath(at))}>
          {t('device.browser.up')}
        </Button>
        <Input
          aria-label={t('device.browser.pathLabel')}
          value={typed}
          spellCheck={false}
          status={isAbsolutePath(typed) ? undefined : 'error'}
          onChange={(e) => setTyped(e.target.value)}
        />
        <Button htmlType="submit" disabled={!isAbsolutePath(typed)}>
          {t('device.browser.goTo')}
        </Button>
      </form>
      <p>
        {t('device.browser.current')}
        {t('colon')}
        <span className="task-path">{at}</span>
      </p>
      {folder.isFetching ? (
        <Spin>
          <p role="status" style={{ padding: 24, textAlign: 'center' }}>
            {t('device.browser.loading')}
          </p>
        </Spin>
      ) : folder.isError ? (
        <SyncAlert error={folder.error} onRetry={() => void folder.refetch()} />
      ) : (
        <>
          {folder.data?.truncated && (
            <Alert
              type="info"
              showIcon
              title={t('device.browser.truncated', { count: entries.length })}
              style={{ marginBottom: 8 }}
            />
          )}
          <div className="folder-browser__list">
            <Table<TFolderEntry>
              className="admin-table"
              rowKey="name"
              size="small"
              pagination={false}
              dataSource={entries}
              locale={{ emptyText: t('device.browser.empty') }}
              columns={[
                {
                  title: t('device.browser.name'),
                  dataIndex: 'name',
                  className: 'admin-table__name',
                  render: (name: string, e) =>
                    e.kind === 'dir' ? (
                      <Button
                        type="link"
                        size="small"
                        icon={<FolderOutlined />}
                        aria-label={t('device.browser.open', { name })}
                        onClick={() => go(joinPath(at, name))}
                      >
                        {name}
                      </Button>
                    ) : (
                      name
                    ),
                },
                {
                  title: t('device.browser.kind'),
                  dataIndex: 'kind',
                  render: (kind: TFolderEntry['kind']) => t(`device.browser.kinds.${kind}`),
                },
                {
                  title: t('device.browser.size'),
                  dataIndex: 'size',
                  render: (size: number, e) => (e.kind === 'file' ? formatSize(size) : '—'),
                },
                {
                  title: t('device.browser.modifiedAt'),
                  dataIndex: 'modifiedAt',
                  render: (m: string) => <span className="device-time">{formatTime(m)}</span>,
                },
                {
                  title: t('device.browser.protection'),
                  dataIndex: 'protected',
                  render: (mode: TFolderEntry['protected']) =>
                    mode ? td(`detail.modes.${mode}`) : '—',
                },
              ]}
            />
          </div>
        </>
      )}
      <Button
        type="primary"
        ghost
        style={{ marginTop: 12 }}
        disabled={!folder.isSuccess || folder.isFetching}
        onClick={() => onChoose(at)}
      >
        {t('device.browser.chooseThis')}
      </Button>
    </div>
  );
}
