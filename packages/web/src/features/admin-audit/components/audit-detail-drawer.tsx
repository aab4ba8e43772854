import { Descriptions, Drawer, Tag } from 'antd';
import dayjs from 'dayjs';
import '../../../lib/dayjs-locale.ts';
import { useTranslation } from 'react-i18next';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import { useRoleAndDuty } from '../lib/use-role-and-duty.ts';
import { AuditChanges } from './audit-changes.tsx';
import { AuditTarget } from './audit-target.tsx';

/** One audit entry in full, in the page's language, with its fields before and after. */
export function AuditDetailDrawer({ entry, onClose }: { entry?: TAuditItem; onClose: () => void }) {
  const { t } = useTranslation('adminAudit');
  const roleAndDutyOf = useRoleAndDuty();
  const or = (text: string) => text || '—';
  return (
    <Drawer open={!!entry} onClose={onClose} title={t('audit.detailTitle')} size="large">
      {entry && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('audit.time')}>
            {dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.account')}>{or(entry.account)}</Descriptions.Item>
          <Descriptions.Item label={t('audit.roleDuty')}>
            {or(roleAndDutyOf(entry))}
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.action')}>{entry.actionLabel}</Descriptions.Item>
          <Descriptions.Item label={t('audit.target')}>
            <AuditTarget entry={entry} />
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.ip')}>{or(entry.ip)}</Descriptions.Item>
          <Descriptions.Item label={t('audit.result')}>
            <Tag color={entry.result === 'success' ? TAG.ok : TAG.bad}>
              {t(`audit.${entry.result}`)}
            </Tag>
            {entry.errCode !== 0 &&
              t('audit.reasonWithCode', { reason: entry.reason, code: entry.errCode })}
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.changes')}>
            {entry.changes.length > 0 ? <AuditChanges changes={entry.changes} /> : '—'}
          </Descriptions.Item>
          {/* Not `note && …`: an empty note is a child too, and Descriptions made it an empty row. */}
          {entry.note ? (
            <Descriptions.Item label={t('audit.note')}>{entry.note}</Descriptions.Item>
          ) : null}
        </Descriptions>
      )}
    </Drawer>
  );
}
