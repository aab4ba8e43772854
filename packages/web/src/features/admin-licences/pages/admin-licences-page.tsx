import { useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Select, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { activate } from '@edp/shared/api/console/licences.calls';
import { MAX_LICENCE_MONTHS } from '@edp/shared/constants';
import type { TCertificateBatchResult, TLicenceItem } from '@edp/shared/contracts/licences';
import { LICENCE_STATES, type LicenceState } from '@edp/shared/contracts/licences-values';
import { ListPage } from '../../../components/list-page.tsx';
import { formatTime } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { usePaging } from '../../../lib/use-paging.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useMayCall } from '../../admin-common/lib/admin-user.ts';
import { downloadRequests, installCertificates, useLicenceList } from '../api/licences.ts';
import '../../admin-common/components/console-parts.css';
import { DaysLeft } from '../parts/days-left.tsx';
import '../lib/licence-locales.ts';
import { adminPath } from '../../../lib/admin-paths.ts';

const STATE_COLOURS: Record<LicenceState, string> = {
  none: TAG.muted,
  normal: TAG.ok,
  expiring: TAG.warn,
  expired: TAG.bad,
};

/** What an upload of many certificates did: the task that installs them, and the refusals. */
function UploadResult({
  result,
  onClose,
}: {
  result: TCertificateBatchResult;
  onClose: () => void;
}) {
  const { t } = useTranslation('adminLicences');
  return (
    <Modal
      open
      title={t('list.uploadTitle')}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
    >
      {result.taskId ? (
        <p>
          {t('list.accepted', { count: result.accepted.length })}{' '}
          <Link to={adminPath('adminTaskDetail', result.taskId)}>{t('list.openTask')}</Link>
        </p>
      ) : (
        <p>{t('list.noneAccepted')}</p>
      )}
      {result.refused.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('list.refusedTitle', { count: result.refused.length })}
          description={
            <ul className="licence-refusals">
              {result.refused.map((r, i) => (
                <li key={`${r.fileName}-${i}`}>
                  <strong>{r.fileName}</strong>: {r.message} ({r.code})
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Modal>
  );
}

/**
 * Licences (issue 24): every running device's licence, expired and expiring first (SPEC §3,
 * §9), filtered by state and keyword; request files for a selection in one archive, and the
 * certificates the portal signed uploaded together, each matched to its device.
 */
export default function AdminLicencesPage() {
  const { t } = useTranslation('adminLicences');
  const { t: tm } = useTranslation('menu');
  const paging = usePaging();
  const [state, setState] = useState<LicenceState>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [asking, setAsking] = useState(false);
  const [months, setMonths] = useState(12);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TCertificateBatchResult>();
  const mayAct = useMayCall(activate);
  const list = useLicenceList({ ...paging.params, state, keyword: keyword || undefined });

  const download = async () => {
    setBusy(true);
    try {
      const made = await downloadRequests({ ids: selected }, months);
      toastSuccess(t('list.archiveSaved', { count: made.count, name: made.fileName }));
      if (made.skipped.length)
        Modal.warning({
          title: t('list.archiveSkipped', { names: made.skipped.map((s) => s.name).join(', ') }),
        });
      setAsking(false);
    } catch (e) {
      Modal.error({ title: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const upload = async (files: File[]) => {
    setBusy(true);
    try {
      setResult(await installCertificates(files));
      void list.refetch();
    } catch (e) {
      Modal.error({ title: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<TLicenceItem> = [
    {
      title: t('list.device'),
      dataIndex: 'name',
      className: 'admin-table__name',
      render: (name: string, l) => <Link to={adminPath('adminDeviceDetail', l.id)}>{name}</Link>,
    },
    { title: t('list.group'), dataIndex: 'groupName' },
    { title: t('list.kind'), dataIndex: 'kind' },
    { title: t('list.code'), dataIndex: 'licenseCode', render: (v: string | null) => v ?? '—' },
    { title: t('list.serial'), dataIndex: 'serial', render: (v: number | null) => v ?? '—' },
    {
      title: t('list.expires'),
      dataIndex: 'expiresAt',
      render: (v: string | null) =>
        v ? <span className="device-time">{formatTime(v)}</span> : '—',
    },
    {
      title: t('list.daysLeft'),
      dataIndex: 'daysLeft',
      render: (v: number | null) => (v === null ? '—' : <DaysLeft days={v} />),
    },
    {
      title: t('list.state'),
      dataIndex: 'state',
      render: (s: LicenceState) => <Tag color={STATE_COLOURS[s]}>{t(`state.${s}`)}</Tag>,
    },
  ];

  return (
    <ListPage<TLicenceItem>
      title={tm('adminLicences')}
      intro={t('list.intro')}
      actions={
        mayAct && (
          <>
            <Button
              icon={<DownloadOutlined />}
              disabled={selected.length === 0}
              onClick={() => setAsking(true)}
            >
              {t('list.download')}
            </Button>
            <Upload
              accept=".lic,.zip"
              multiple
              showUploadList={false}
              beforeUpload={(file, files) => {
                // Called once per file; the batch goes up once, with the last of them.
                if (file === files[files.length - 1]) void upload(files);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy && !asking}>
                {t('list.upload')}
              </Button>
            </Upload>
          </>
        )
      }
      filters={
        <>
          <Select<LicenceState | undefined>
            aria-label={t('list.state')}
            style={{ minWidth: 160 }}
            allowClear
            placeholder={t('list.allStates')}
            value={state}
            onChange={(v) => {
              setState(v);
              paging.reset();
            }}
            options={LICENCE_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
          />
          <Input.Search
            aria-label={t('list.keyword')}
            placeholder={t('list.keyword')}
            allowClear
            style={{ maxWidth: 280 }}
            onSearch={(v) => {
              setKeyword(v.trim());
              paging.reset();
            }}
          />
        </>
      }
      above={
        selected.length > 0 && <p role="status">{t('list.selected', { count: selected.length })}</p>
      }
      query={list}
      paging={paging}
      columns={columns}
      emptyText={t('list.empty')}
      table={{
        rowKey: 'id',
        rowSelection: mayAct
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              getCheckboxProps: (l) => ({ 'aria-label': l.name }),
              onChange: (keys) => setSelected((keys as string[]).slice(0, 500)),
            }
          : undefined,
      }}
    >
      <Modal
        open={asking}
        title={t('list.download')}
        okText={t('list.download')}
        confirmLoading={busy}
        onOk={() => void download()}
        onCancel={() => setAsking(false)}
      >
        <p>{t('list.selected', { count: selected.length })}</p>
        <label>
          {t('list.months')}{' '}
          <InputNumber
            aria-label={t('list.months')}
            min={1}
            max={MAX_LICENCE_MONTHS}
            precision={0}
            value={months}
            onChange={(v) => setMonths(v ?? 12)}
          />
        </label>
      </Modal>
      {result && <UploadResult result={result} onClose={() => setResult(undefined)} />}
    </ListPage>
  );
}
