import { useState } from 'react';
import { Button, message, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { ListPage } from '../../../components/list-page.tsx';
import { usePaging } from '../../../lib/use-paging.ts';
import { ApiError } from '../../../lib/http.ts';
import '../../admin-common/lib/admin-locales.ts';
import { useAdminUser } from '../../admin-common/lib/admin-user.ts';
import { exportAudit } from '../api/export-audit.ts';
import { useAuditLog } from '../api/get-audit-log.ts';
import { AuditDetailDrawer } from '../components/audit-detail-drawer.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';
import { AuditRetention } from '../components/audit-retention.tsx';
import { AuditTarget } from '../components/audit-target.tsx';
import { useRoleAndDuty } from '../lib/use-role-and-duty.ts';
import { cleanFilter, type AuditFilter } from '../lib/audit-filter.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

/** Device names a bulk action's row shows before "…"; the drawer shows all it keeps. */
const TARGET_NAMES_SHOWN = 3;

/** Audit log (audit duty): filter, page through, open an entry, export the filtered CSV. */
export default function AdminAuditPage() {
  const { t } = useTranslation('adminAudit');
  const { t: ta } = useTranslation('admin');
  const { t: tm } = useTranslation('menu');
  const user = useAdminUser();
  const [filter, setFilter] = useState<AuditFilter>({});
  const paging = usePaging();
  const [entry, setEntry] = useState<TAuditItem>();
  const [exporting, setExporting] = useState(false);
  const [toast, holder] = message.useMessage();
  const list = useAuditLog({ ...paging.params, ...filter });
  const roleAndDutyOf = useRoleAndDuty();

  const download = async () => {
    if (!user) return;
    setExporting(true);
    try {
      await exportAudit(user.tenantId, filter);
    } catch (e) {
      void toast.error(e instanceof ApiError && e.msg ? e.msg : t('audit.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  // The action comes second: on a phone the time and the action show without scrolling, the
  // rest in the table's own scroll box and the drawer.
  const columns: ColumnsType<TAuditItem> = [
    {
      title: t('audit.time'),
      dataIndex: 'at',
      render: (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss'),
    },
    { title: t('audit.action'), dataIndex: 'actionLabel' },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, e) => <AuditTarget entry={e} first={TARGET_NAMES_SHOWN} />,
    },
    {
      title: t('audit.result'),
      dataIndex: 'result',
      render: (r: TAuditItem['result']) => (
        <Tag color={r === 'success' ? TAG.ok : TAG.bad}>{t(`audit.${r}`)}</Tag>
      ),
    },
    { title: t('audit.account'), dataIndex: 'account' },
    {
      title: t('audit.roleDuty'),
      key: 'role',
      render: (_, e) => roleAndDutyOf(e),
    },
    { title: t('audit.ip'), dataIndex: 'ip' },
    {
      title: t('audit.details'),
      key: 'detail',
      className: 'admin-table__actions',
      render: (_, e) => (
        <Button
          type="link"
          size="small"
          aria-label={`${ta('actions.detail')} ${e.id}`}
          onClick={() => setEntry(e)}
        >
          {ta('actions.detail')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage<TAuditItem>
      title={tm('adminAudit')}
      actions={
        <Space wrap>
          <AuditRetention />
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()}>
            {t('audit.export')}
          </Button>
        </Space>
      }
      filters={
        <AuditFilters
          onChange={(f) => {
            setFilter(cleanFilter(f));
            paging.reset();
          }}
        />
      }
      query={list}
      paging={paging}
      columns={columns}
      emptyText={t('audit.empty')}
    >
      {holder}
      <AuditDetailDrawer entry={entry} onClose={() => setEntry(undefined)} />
    </ListPage>
  );
}
