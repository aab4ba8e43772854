import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestStatus, TestStatus } from '@edp/shared/contracts/support-requests';
import { TAG } from '../../admin-common/lib/tag-colors.ts';

const STATUS_COLOURS: Record<RequestStatus, string> = {
  new: TAG.info,
  processing: TAG.gold,
  solved: TAG.ok,
  dismissed: TAG.muted,
};
const TEST_COLOURS: Record<TestStatus, string> = {
  testing: TAG.info,
  passed: TAG.ok,
  failed: TAG.bad,
};

/** A request's status, its test status when under test, and "overdue" when it is. */
export function RequestTags({
  status,
  testStatus,
  overdue,
}: {
  status: RequestStatus;
  testStatus: TestStatus | null;
  overdue: boolean;
}) {
  const { t } = useTranslation('requests');
  return (
    <span className="request-tags">
      <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>
      {testStatus && <Tag color={TEST_COLOURS[testStatus]}>{t(`tests.${testStatus}`)}</Tag>}
      {overdue && <Tag color={TAG.bad}>{t('overdue')}</Tag>}
    </span>
  );
}
