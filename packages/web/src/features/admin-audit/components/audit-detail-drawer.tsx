import { Descriptions, Drawer, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TAuditItem } from '@edp/shared/contracts/console-admin';
import { detailParts } from '../lib/audit-filter.ts';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

const pre = (text: string | undefined) =>
  text ? (
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</pre>
  ) : (
    '—'
  );

/** One audit entry in full, with the state before and after the change. */
export function AuditDetailDrawer({ entry, onClose }: { entry?: TAuditItem; onClose: () => void }) {
  const { t } = useTranslation('adminAudit');
  const parts = detailParts(entry?.detail);
  return (
    <Drawer open={!!entry} onClose={onClose} title={t('audit.detailTitle')} size="large">
      {entry && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('audit.time')}>
            {dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.account')}>{entry.account}</Descriptions.Item>
          <Descriptions.Item label={t('audit.role')}>{entry.roleName}</Descriptions.Item>
          <Descriptions.Item label={t('audit.duty')}>{entry.duty}</Descriptions.Item>
          <Descriptions.Item label={t('audit.action')}>{entry.action}</Descriptions.Item>
          <Descriptions.Item label={t('audit.target')}>{entry.target}</Descriptions.Item>
          <Descriptions.Item label={t('audit.ip')}>{entry.ip}</Descriptions.Item>
          <Descriptions.Item label={t('audit.result')}>
            <Tag color={entry.result === 'success' ? TAG.ok : TAG.bad}>
              {t(`audit.${entry.result}`)}
            </Tag>
            {entry.errCode !== 0 && `${t('audit.errCode')}: ${entry.errCode}`}
          </Descriptions.Item>
          <Descriptions.Item label={t('audit.before')}>{pre(parts.before)}</Descriptions.Item>
          <Descriptions.Item label={t('audit.after')}>{pre(parts.after)}</Descriptions.Item>
          <Descriptions.Item label={t('audit.note')}>{pre(parts.note)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
