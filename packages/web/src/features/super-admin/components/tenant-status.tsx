import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG } from '../../admin-common/lib/tag-colors.ts';
import type { TenantRow } from '../api/get-tenants.ts';

/** Active or inactive, in solid colours that keep white text readable. */
export function TenantStatus({ status }: { status: TenantRow['status'] }) {
  const { t } = useTranslation('vendor');
  return (
    <Tag color={status === 'active' ? TAG.ok : TAG.muted}>
      {t(status === 'active' ? 'tenants.active' : 'tenants.inactive')}
    </Tag>
  );
}
