import { Table, Tag } from 'antd';
import dayjs from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import type { TAuditChange } from '@edp/shared/contracts/console-admin';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

/** A value as shown: '—' for nothing recorded or empty, times in the browser's zone. */
function shown(change: TAuditChange, value: string | null): string {
  if (!value) return '—';
  return change.time ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : value;
}

/**
 * An entry's before and after, field by field as the server labelled them in the page's
 * language; a field whose value changed is marked, so an edit reads at a glance.
 */
export function AuditChanges({ changes }: { changes: readonly TAuditChange[] }) {
  const { t } = useTranslation('adminAudit');
  const hasBefore = changes.some((c) => c.before !== null);
  const hasAfter = changes.some((c) => c.after !== null);
  return (
    <Table<TAuditChange>
      rowKey="field"
      size="small"
      pagination={false}
      dataSource={[...changes]}
      className="admin-table"
      columns={[
        {
          title: t('audit.field'),
          dataIndex: 'label',
          render: (label: string, c) => (
            <>
              {label} {c.changed && <Tag color={TAG.warn}>{t('audit.changed')}</Tag>}
            </>
          ),
        },
        ...(hasBefore
          ? [
              {
                title: t('audit.before'),
                key: 'before',
                render: (_: unknown, c: TAuditChange) => shown(c, c.before),
              },
            ]
          : []),
        ...(hasAfter
          ? [
              {
                title: t('audit.after'),
                key: 'after',
                render: (_: unknown, c: TAuditChange) => shown(c, c.after),
              },
            ]
          : []),
      ]}
    />
  );
}
