import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TCustomerRow } from '@edp/shared/contracts/customers';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

/** A customer's licences: how many, and tags for those expiring and expired when there are any. */
export function LicenceCounts({
  c,
}: {
  c: Pick<TCustomerRow, 'licenceCount' | 'expiringCount' | 'expiredCount'>;
}) {
  const { t } = useTranslation('vendor');
  return (
    <Space size={4} wrap>
      {c.licenceCount}
      {c.expiringCount > 0 && (
        <Tag color={TAG.warn}>{t('customers.expiringCount', { count: c.expiringCount })}</Tag>
      )}
      {c.expiredCount > 0 && (
        <Tag color={TAG.bad}>{t('customers.expiredCount', { count: c.expiredCount })}</Tag>
      )}
    </Space>
  );
}
